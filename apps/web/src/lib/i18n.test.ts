import sharedDe from '@cbm/contracts/locales/de.json';
import sharedEn from '@cbm/contracts/locales/en.json';
import { describe, expect, it } from 'vitest';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { catalogueParts, initialLanguage } from './i18n';

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('translations', () => {
  it('has every key of the web app in English and German', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    const all = (language: 'en' | 'de') => catalogueParts(language).flatMap((part) => keys(part));
    expect(all('de').sort()).toEqual(all('en').sort());
  });

  it("lets no feature's top-level key clash with another's or the shell's", () => {
    const topLevel = catalogueParts('en').flatMap((part) => Object.keys(part));
    expect(topLevel.length).toBe(new Set(topLevel).size);
  });

  it('has every shared validation message in English and German', () => {
    expect(keys(sharedDe).sort()).toEqual(keys(sharedEn).sort());
  });

  it('has a help text for every page the product scope names', () => {
    expect(Object.keys(en.help.topics).sort()).toEqual(
      [
        'alerts',
        'dataExport',
        'expertDatalog',
        'expertFilter',
        'expertList',
        'liveView',
        'overview',
        'report',
        'statistics',
      ].sort(),
    );
  });
});

describe('language choice (product scope)', () => {
  it('follows the browser: German when it starts with de, else English', () => {
    expect(initialLanguage(null, 'de-AT')).toBe('de');
    expect(initialLanguage(null, 'de')).toBe('de');
    expect(initialLanguage(null, 'en-GB')).toBe('en');
    expect(initialLanguage(null, 'fr-FR')).toBe('en');
    expect(initialLanguage(null, undefined)).toBe('en');
  });

  it('prefers a language the user chose', () => {
    expect(initialLanguage('en', 'de-DE')).toBe('en');
    expect(initialLanguage('xx', 'de-DE')).toBe('de');
  });
});
