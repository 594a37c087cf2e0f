/** Licences production dependencies may carry (docs/operations.md, Dependencies). */
export const ALLOWED_LICENCES = new Set([
  'MIT',
  // MIT without the attribution clause (nodemailer): more permissive than MIT.
  'MIT-0',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  '0BSD',
  'BlueOak-1.0.0',
  'MPL-2.0',
  'Unlicense',
  'CC0-1.0',
  'Python-2.0',
]);

/**
 * Whether an SPDX licence expression allows use under the allow-list: `A OR B` when either is
 * allowed, `A AND B` when both are, `A WITH exception` like A; parentheses group.
 */
export function licenceAllowed(expression: string, allowed: ReadonlySet<string> = ALLOWED_LICENCES): boolean {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let position = 0;
  const peek = () => tokens[position];
  const primary = (): boolean => {
    const token = tokens[position++];
    if (token === '(') {
      const inner = or();
      if (tokens[position++] !== ')') throw new Error(`unbalanced parentheses in "${expression}"`);
      return inner;
    }
    if (!token || token === ')') throw new Error(`unexpected end of "${expression}"`);
    if (peek() === 'WITH') position += 2;
    return allowed.has(token.replace(/\+$/, ''));
  };
  const and = (): boolean => {
    let result = primary();
    while (peek() === 'AND') {
      position++;
      result = primary() && result;
    }
    return result;
  };
  const or = (): boolean => {
    let result = and();
    while (peek() === 'OR') {
      position++;
      result = and() || result;
    }
    return result;
  };
  try {
    const result = or();
    return position === tokens.length && result;
  } catch {
    return false;
  }
}
