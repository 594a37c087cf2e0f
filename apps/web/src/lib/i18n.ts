import { languageFromBrowser, UI_LANGUAGES, type UiLanguage } from '@cbm/contracts/date-formats';
import sharedDe from '@cbm/contracts/locales/de.json';
import sharedEn from '@cbm/contracts/locales/en.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de.json';
import en from '../locales/en.json';

const LANGUAGE_KEY = 'cbm.language';

type Catalogue = Record<string, unknown>;

// Each feature keeps its texts beside its code: features/<feature>/locales/{en,de}.json.
const featureCatalogues = import.meta.glob<Catalogue>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

/** The parts of the app's texts for one language: shared validation messages, the shell's, every feature's. */
export function catalogueParts(language: UiLanguage): Catalogue[] {
  const features = Object.entries(featureCatalogues)
    .filter(([path]) => path.endsWith(`/locales/${language}.json`))
    .map(([, texts]) => texts);
  return [language === 'de' ? sharedDe : sharedEn, language === 'de' ? de : en, ...features];
}

const catalogue = (language: UiLanguage): Catalogue => Object.assign({}, ...catalogueParts(language));

/** A language the user chose wins; otherwise the browser's (product scope). */
export function initialLanguage(stored: string | null, browserLanguage: string | undefined): UiLanguage {
  return UI_LANGUAGES.includes(stored as UiLanguage) ? (stored as UiLanguage) : languageFromBrowser(browserLanguage);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: catalogue('en') },
    de: { translation: catalogue('de') },
  },
  lng: initialLanguage(readStoredLanguage(), globalThis.navigator?.language),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;

/** Switches to a language the user chose (in the header, or stored on their account) and remembers it here. */
export function chooseLanguage(language: UiLanguage) {
  localStorage.setItem(LANGUAGE_KEY, language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export const currentLanguage = (): UiLanguage => (i18n.language === 'de' ? 'de' : 'en');

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}
