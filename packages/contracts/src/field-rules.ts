import { z } from 'zod';
import { VALIDATION } from './validation-messages';

const isMissing = (input: unknown) => input === undefined || input === null || input === '';

export interface NumberLimits {
  min: number;
  max: number;
  /** Most digits after the decimal point; more would be rounded away by the database. */
  decimals?: number;
}

/**
 * A number under the validation rules: 'This value is required', 'Value must be a number', 'Value must be
 * below {n}' / 'above {n}'. The limits themselves are allowed. Messages are validation keys with their
 * values in `params`, translated by whoever shows them (server error handler, web forms).
 */
export function numberRule({ min, max, decimals }: NumberLimits) {
  return z
    .number({ error: (issue) => (isMissing(issue.input) ? VALIDATION.required : VALIDATION.notANumber) })
    .superRefine((value, ctx) => {
      if (value > max) ctx.addIssue({ code: 'custom', message: VALIDATION.below, params: { n: max } });
      else if (value < min) ctx.addIssue({ code: 'custom', message: VALIDATION.above, params: { n: min } });
      else if (decimals !== undefined && Number(value.toFixed(decimals)) !== value) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.maxDecimals, params: { n: decimals } });
      }
    });
}

/** Required text, trimmed, at most `maxLength` characters. */
export function textRule(maxLength: number) {
  return z
    .string({ error: () => VALIDATION.required })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0) ctx.addIssue({ code: 'custom', message: VALIDATION.required });
      else if (value.length > maxLength) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.maxLength, params: { n: maxLength } });
      }
    });
}

/** Required text that `isKnown` accepts; anything else gets `message`. */
export function knownValueRule(isKnown: (value: string) => boolean, message: string) {
  return z.string({ error: () => VALIDATION.required }).superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: VALIDATION.required });
    else if (!isKnown(value)) ctx.addIssue({ code: 'custom', message });
  });
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as YYYY-MM-DD that exists (no 2027-02-30), years 2000 to 2199. */
export const isoDateRule = z.string({ error: () => VALIDATION.required }).superRefine((value, ctx) => {
  if (value === '') return ctx.addIssue({ code: 'custom', message: VALIDATION.required });
  const match = ISO_DATE.exec(value);
  const [year, month, day] = (match?.slice(1) ?? []).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists = match !== null && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!exists || year < 2000 || year > 2199) ctx.addIssue({ code: 'custom', message: VALIDATION.invalidDate });
});

/**
 * Options for an object's `.superRefine` that reads only `fields`: it runs once those fields passed, even
 * when other fields failed, so a form shows all its messages at once (zod otherwise skips an object's
 * refinements after any failed field). The refinement must read no other field: those may hold raw input.
 * It never runs when the value is no object at all (an issue without a field).
 */
export function whenValid(...fields: readonly string[]): z.core.$ZodSuperRefineParams {
  return {
    when: (payload) =>
      !payload.issues.some((issue) => {
        const field = issue.path?.[0];
        return field === undefined || fields.includes(String(field));
      }),
  };
}
