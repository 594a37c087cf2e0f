import en from './locales/en.json' with { type: 'json' };

/**
 * Validation messages shared by forms (web) and handlers (server). Schemas carry the key as their
 * message; each side translates it with the texts in ./locales (en is the source of keys).
 */
export type ValidationMessageKey = `validation.${keyof typeof en.validation}`;

export const VALIDATION = Object.fromEntries(
  Object.keys(en.validation).map((name) => [name, `validation.${name}`]),
) as { [K in keyof typeof en.validation]: `validation.${K}` };

export function isValidationMessageKey(text: string): text is ValidationMessageKey {
  return text.startsWith('validation.') && text.slice('validation.'.length) in en.validation;
}
