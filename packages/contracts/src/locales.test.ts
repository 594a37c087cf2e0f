import { describe, expect, it } from 'vitest';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import { isValidationMessageKey, VALIDATION } from './validation-messages';

/** Every leaf key ("validation.required") with its text. */
function leaves(node: object, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') result.set(`${prefix}${key}`, value);
    else for (const [leaf, text] of leaves(value, `${prefix}${key}.`)) result.set(leaf, text);
  }
  return result;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('contracts locales', () => {
  const english = leaves(en);
  const german = leaves(de);

  it('has every English key in German and no other', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has the same placeholders in both languages, and no empty text', () => {
    for (const [key, text] of english) {
      expect(placeholders(german.get(key) ?? ''), key).toEqual(placeholders(text));
      expect(german.get(key)?.trim(), key).not.toBe('');
    }
  });

  it('names every validation message by its key', () => {
    expect(Object.values(VALIDATION).sort()).toEqual(
      [...english.keys()].filter((key) => key.startsWith('validation.')).sort(),
    );
    expect(isValidationMessageKey(VALIDATION.required)).toBe(true);
    expect(isValidationMessageKey('validation.nope')).toBe(false);
    expect(isValidationMessageKey('Invalid input')).toBe(false);
  });
});
