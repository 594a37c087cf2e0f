import { describe, expect, it } from 'vitest';
import { IDLE_SETUP, type ReportSetup, type ReportSetupAction, reportSetupReducer } from './report-setup';

const defaults = { currency: 'EUR', pricePerKwh: 0.3, timezone: 'Europe/Berlin', timestampMin: 1, timestampMax: 2 };
const file = {
  blob: new Blob(),
  url: 'blob:report',
  fileName: 'report-B-2026-01-01-2026-01-31.pdf',
  type: 'pdf' as const,
};
const run = (...actions: ReportSetupAction[]) => actions.reduce(reportSetupReducer, IDLE_SETUP);

describe('report setup (state rules)', () => {
  it('goes idle → loading on a serial or csv, → ready with the defaults', () => {
    const loading = run({ type: 'select', serial: 'B-1', csv: null });
    expect(loading).toEqual({ ...IDLE_SETUP, status: 'loading', serial: 'B-1' });
    expect(reportSetupReducer(loading, { type: 'loaded', defaults })).toEqual({
      ...loading,
      status: 'ready',
      defaults,
    });
  });

  it('keeps the csv file it was started with', () => {
    const csv = new File(['x'], 'datalog.csv');
    expect(run({ type: 'select', serial: '', csv }, { type: 'loaded', defaults })).toMatchObject({
      status: 'ready',
      csv,
    });
  });

  it('reset returns to idle and clears serial, csv, defaults and pdf data', () => {
    const ready: ReportSetup = run(
      { type: 'select', serial: 'B-1', csv: new File(['x'], 'a.csv') },
      { type: 'loaded', defaults },
      { type: 'generated', file },
    );
    expect(ready.file).toEqual(file);
    expect(reportSetupReducer(ready, { type: 'reset' })).toEqual(IDLE_SETUP);
  });

  it('falls back to idle when the defaults cannot be loaded, and ignores late answers', () => {
    expect(run({ type: 'select', serial: 'B-1', csv: null }, { type: 'failed' })).toEqual(IDLE_SETUP);
    expect(run({ type: 'loaded', defaults })).toEqual(IDLE_SETUP);
    expect(run({ type: 'generated', file })).toEqual(IDLE_SETUP);
  });

  it('a new selection starts over without the previous defaults or report', () => {
    const next = run(
      { type: 'select', serial: 'B-1', csv: null },
      { type: 'loaded', defaults },
      { type: 'generated', file },
      { type: 'select', serial: 'B-2', csv: null },
    );
    expect(next).toEqual({ ...IDLE_SETUP, status: 'loading', serial: 'B-2' });
  });
});
