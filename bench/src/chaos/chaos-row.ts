/** One fault of `npm run chaos`: what an outside ledger saw sent and acknowledged against what SQL counts stored. */
export interface ChaosRow {
  fault: string;
  /** Messages, commands, mails or alarms the outside client sent or expected. */
  sent: number;
  /** Of those, what the broker or server acknowledged (PUBACKs in the outside ledger, 2xx answers). */
  acknowledged: number;
  /** What arrived where it should: rows counted in SQL, commands seen by an outside subscriber, mails in the outbox. */
  stored: number;
  /** Acknowledged but never stored. */
  lost: number;
  /** Stored (or delivered) more than once where once was promised. */
  twice: number;
  /** Seconds from the fault until everything acknowledged was stored, or null when not measured. */
  recoverySeconds: number | null;
  /** Seconds from the fault until an operator's screen (signed in) answered again, where measured; null: never. */
  screensSeconds?: number | null;
  /** Anything a reader needs to judge the row (setting, shape), short. */
  note?: string;
}

/**
 * What a row may show and still pass: nothing acknowledged is ever lost (issue 45); `twice` is the duplicate window
 * the row's decision leaves, 0 unless it names one.
 */
export interface ChaosWindow {
  twice: number;
  /** The longest recovery (and screens' return) the decision allows, where it sets one. */
  recoverySeconds?: number;
  /** The decision that sets it (and says why). */
  decision: string;
}

export interface ChaosScenario {
  name: string;
  window: ChaosWindow;
  /** Part of the short run `.ci/run` makes (BENCH_SMOKE=1): quick and steady on a loaded machine. */
  smoke: boolean;
  /** Runs the fault (or faults sharing one setup, a row each) once; `smoke` is a short run that only shows it works. */
  run: (smoke: boolean) => Promise<ChaosRow | ChaosRow[]>;
}

export interface ChaosResult {
  row: ChaosRow;
  window: ChaosWindow;
  /** Why the scenario did not run to its end (its counts then prove nothing). */
  failure?: string;
}

const within = (seconds: number | null | undefined, limit: number | undefined) =>
  limit === undefined || seconds === undefined || (seconds !== null && seconds <= limit);

export const passed = ({ row, window, failure }: ChaosResult) =>
  failure === undefined &&
  row.lost === 0 &&
  row.twice <= window.twice &&
  within(row.recoverySeconds, window.recoverySeconds) &&
  within(row.screensSeconds, window.recoverySeconds);

const allowed = (window: ChaosWindow) =>
  `0 lost, ${window.twice === 0 ? '0' : `≤ ${window.twice}`} twice${
    window.recoverySeconds === undefined ? '' : `, back within ${window.recoverySeconds} s`
  } (decision ${window.decision})`;

const seconds = (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toFixed(1));

/** The table of rows; the column of the screens' return only where a row measured it. */
export function printChaosTable(results: ChaosResult[]): void {
  const screens = results.some(({ row }) => row.screensSeconds !== undefined);
  const header = [
    'fault',
    'sent',
    'acknowledged',
    'stored',
    'lost',
    'twice',
    'allowed',
    'recovery s',
    ...(screens ? ['screens back s'] : []),
    'verdict',
    'note',
  ];
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const result of results) {
    const { row, window } = result;
    const cells = [
      row.fault,
      String(row.sent),
      String(row.acknowledged),
      String(row.stored),
      String(row.lost),
      String(row.twice),
      allowed(window),
      seconds(row.recoverySeconds),
      ...(screens ? [seconds(row.screensSeconds)] : []),
      passed(result) ? 'ok' : 'FAILED',
      result.failure ?? row.note ?? '',
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
}
