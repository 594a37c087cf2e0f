import { describe, expect, it } from 'vitest';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import { itHasLocaleParity } from './testing/locale-parity';
import { isValidationMessageKey, VALIDATION } from './validation-messages';

describe('contracts locales', () => {
  const english = itHasLocaleParity(en, de);

  it('names every validation message by its key', () => {
    expect(Object.values(VALIDATION).sort()).toEqual(
      [...english.keys()].filter((key) => key.startsWith('validation.')).sort(),
    );
    expect(isValidationMessageKey(VALIDATION.required)).toBe(true);
    expect(isValidationMessageKey('validation.nope')).toBe(false);
    expect(isValidationMessageKey('Invalid input')).toBe(false);
  });
});
