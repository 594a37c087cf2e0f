import { expect, it } from 'vitest';

/** Every leaf key ("errors.notFound") with its text. */
function leaves(node: object, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(node)) {
    if (typeof value === 'string') result.set(`${prefix}${key}`, value);
    else for (const [leaf, text] of leaves(value, `${prefix}${key}.`)) result.set(leaf, text);
  }
  return result;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/** Tests that a German catalogue has exactly the English keys, the same placeholders and no empty text. */
export function itHasLocaleParity(en: object, de: object) {
  const english = leaves(en);
  const german = leaves(de);

  it('has every English key in German and no other', () => {
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has the same placeholders in both languages, and no empty text', () => {
    for (const [key, text] of english) {
      expect(placeholders(german.get(key) ?? ''), key).toEqual(placeholders(text));
      expect(text.trim(), key).not.toBe('');
      expect(german.get(key)?.trim(), key).not.toBe('');
    }
  });

  return english;
}
