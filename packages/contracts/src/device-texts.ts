import type { UiLanguage } from './date-formats';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };

/** What a device says about an event: its code, and its own (English) description and category. */
export interface DeviceEventText {
  code: string;
  description: string;
  category: string | null;
}

type Catalogue = Readonly<Record<string, { description: string; category: string }>>;

/**
 * The catalogue of device event codes (decision 036): the codes our batteries and charger-station units send,
 * with their texts in both UI languages in the shared locales (`deviceEvents.<code>`).
 */
const CATALOGUES: Record<UiLanguage, Catalogue> = { en: en.deviceEvents, de: de.deviceEvents };

/** Every catalogued code. */
export const CATALOGUED_CODES = Object.keys(en.deviceEvents);

/** The catalogued codes whose description or category in the language contains `part`, ignoring case. */
export function codesWhoseText(language: UiLanguage, field: 'description' | 'category', part: string): string[] {
  const needle = part.toLocaleLowerCase(language);
  return Object.entries(CATALOGUES[language])
    .filter(([, texts]) => texts[field].toLocaleLowerCase(language).includes(needle))
    .map(([code]) => code);
}

/** The event's description and category in the language; a code not in the catalogue keeps the device's text. */
export function deviceEventText<T extends DeviceEventText>(language: UiLanguage, event: T): T {
  const known = Object.hasOwn(CATALOGUES[language], event.code) ? CATALOGUES[language][event.code] : undefined;
  return known ? { ...event, description: known.description, category: known.category } : event;
}
