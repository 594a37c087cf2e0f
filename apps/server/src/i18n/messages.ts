import sharedDe from '@cbm/contracts/locales/de.json' with { type: 'json' };
import sharedEn from '@cbm/contracts/locales/en.json' with { type: 'json' };
import de from '../locales/de.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };

export type Language = 'en' | 'de';
type Messages = typeof en & typeof sharedEn;
const catalogues: Record<Language, Messages> = {
  en: { ...sharedEn, ...en },
  de: { ...sharedDe, ...de },
};

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

/** German when the Accept-Language header prefers a de locale, English otherwise (product scope). */
export function languageOf(acceptLanguage: string | undefined): Language {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('de') ? 'de' : 'en';
}

export function translate(language: Language, key: MessageKey, values: Record<string, string | number> = {}): string {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogues[language]);
  return String(text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
