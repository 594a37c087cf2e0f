/** Deepest nesting of objects and arrays a JSON body may have; no API body needs more than a handful. */
export const JSON_MAX_DEPTH = 32;

const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether the text nests objects and arrays deeper than `max`, in one pass that skips strings. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (OPEN.has(code)) {
      if (++depth > max) return true;
    } else if (CLOSE.has(code)) depth--;
  }
  return false;
}
