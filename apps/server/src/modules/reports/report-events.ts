import type { UiLanguage } from '@cbm/contracts/date-formats';
import type { Queryable } from '../../db/database';
import { type MessageKey, translate } from '../../i18n/messages';
import { batteryEventsOf } from '../events/battery-events';
import type { ReportDocument } from './report-pdf';

/** The report lists at most this many of the period's events, the newest first. */
export const REPORT_EVENTS_MAX = 25;

/** The battery's newest stored events of the period for the PDF (decision 116), words in the report's language. */
export async function reportEvents(
  db: Queryable,
  query: { siteId: number; serial: string; fromMs: number; toMs: number },
  language: UiLanguage,
): Promise<NonNullable<ReportDocument['events']>> {
  const rows = await batteryEventsOf(
    db,
    { ...query, from: new Date(query.fromMs), to: new Date(query.toMs), max: REPORT_EVENTS_MAX + 1 },
    language,
  );
  const word = (group: string, value: unknown) =>
    translate(language, `report.${group}.${String(value)}` as MessageKey, {});
  return {
    newest: rows.slice(0, REPORT_EVENTS_MAX).map(({ values }) => ({
      ts: String(values.Timestamp),
      type: word('eventTypes', values.EventType),
      code: String(values.ErrorCode ?? ''),
      description: String(values.ErrorDescription ?? ''),
      phase: word('eventPhases', values.Event),
    })),
    truncated: rows.length > REPORT_EVENTS_MAX,
  };
}
