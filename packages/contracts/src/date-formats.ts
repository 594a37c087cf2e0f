/** Date formats of the business constants (dayjs/moment tokens), per UI language. */
export const DATE_FORMATS = {
  de: { date: 'DD.MM.YYYY', dateTime: 'DD.MM.YYYY HH:mm' },
  en: { date: 'MM-DD-YYYY', dateTime: 'MM-DD-YYYY HH:mm' },
} as const;

export type UiLanguage = keyof typeof DATE_FORMATS;
export const UI_LANGUAGES = Object.keys(DATE_FORMATS) as UiLanguage[];
export const FALLBACK_LANGUAGE: UiLanguage = 'en';

/** German when the browser language starts with "de", otherwise English (product scope). */
export function languageFromBrowser(browserLanguage: string | undefined | null): UiLanguage {
  return browserLanguage?.toLowerCase().startsWith('de') ? 'de' : FALLBACK_LANGUAGE;
}
