const ZERO = 48;
const NINE = 57;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const isDigit = (code: number) => code >= ZERO && code <= NINE;

/**
 * A decimal number as a datalog writes it (-12.25, .5, 3., 1e-7): an optional minus, digits with at most one point
 * (at least one digit), an optional exponent. Checked in one pass over the text, so a long cell costs linear time
 * (a regular expression for this backtracked quadratically: issue 20); NaN for anything else.
 */
export function parseDecimal(text: string): number {
  let at = text.charCodeAt(0) === MINUS ? 1 : 0;
  const skipDigits = () => {
    const start = at;
    while (isDigit(text.charCodeAt(at))) at += 1;
    return at - start;
  };
  let digits = skipDigits();
  if (text.charCodeAt(at) === DOT) {
    at += 1;
    digits += skipDigits();
  }
  if (digits === 0) return Number.NaN;
  if (text[at] === 'e' || text[at] === 'E') {
    at += 1;
    if (text.charCodeAt(at) === PLUS || text.charCodeAt(at) === MINUS) at += 1;
    if (skipDigits() === 0) return Number.NaN;
  }
  return at === text.length ? Number(text) : Number.NaN;
}
