import { EVENT_OFFSET_MAX, EVENT_PAGE_MAX } from '@cbm/contracts/events';
import { z } from 'zod';
import { HttpError } from '../../http-error';

/** Sort key of a row: the sort column's value as text (null when empty), then time, serial and sequence. */
export type SeekKey = [sortKey: string | null, ts: string, serial: string, seq: string];

/** Where a page ended: `o` is the offset of the next row, `q` the signature of the query it belongs to. */
export interface SeekToken {
  q: string;
  o: number;
  k: SeekKey;
}

const TS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const noNul = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\u0000'));

const tokenSchema = z.strictObject({
  v: z.literal(1),
  q: z.string().max(64),
  o: z
    .number()
    .int()
    .min(0)
    .max(EVENT_OFFSET_MAX + EVENT_PAGE_MAX),
  k: z.tuple([
    noNul(500).nullable(),
    z
      .string()
      .regex(TS)
      .refine((ts) => {
        const date = new Date(ts);
        const year = date.getUTCFullYear();
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === ts.slice(0, 23) && year >= 1970;
      }),
    noNul(200),
    z.string().regex(/^\d{1,18}$/),
  ]),
});

export const invalidSeek = () => new HttpError(400, 'events.invalidSeek', 'errors.eventSeekInvalid');

export function encodeSeekToken(token: SeekToken): string {
  return Buffer.from(JSON.stringify({ v: 1, ...token })).toString('base64url');
}

/** The token a client sent back; 400 when it is not one of ours (its values are still checked again by kind). */
export function decodeSeekToken(text: string): SeekToken {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidSeek();
  }
  const parsed = tokenSchema.safeParse(json);
  if (!parsed.success) throw invalidSeek();
  const { q, o, k } = parsed.data;
  return { q, o, k };
}
