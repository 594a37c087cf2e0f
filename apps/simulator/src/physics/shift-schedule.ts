/** Shift patterns of a site in its own time zone: when trucks drive, pause and stand. */
export interface Shift {
  /** Local start "HH:MM"; an end at or before the start runs past midnight. */
  start: string;
  end: string;
  breaks?: { start: string; end: string }[];
  /** How busy the shift is, 0–1: Saturday shifts are quieter. */
  intensity?: number;
}

/** Shifts per weekday, Monday first. */
export type ShiftPlan = readonly (readonly Shift[])[];

export type ShiftPhase = { kind: 'shift'; intensity: number } | { kind: 'break' } | { kind: 'off' };

const DAY_MINUTES = 1440;
const WEEK_MINUTES = 7 * DAY_MINUTES;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const twoShifts: Shift[] = [
  {
    start: '06:00',
    end: '14:00',
    breaks: [
      { start: '09:00', end: '09:15' },
      { start: '11:30', end: '12:00' },
    ],
  },
  {
    start: '14:00',
    end: '22:00',
    breaks: [
      { start: '17:00', end: '17:15' },
      { start: '19:30', end: '20:00' },
    ],
  },
];

/** Two shifts on weekdays, a quieter Saturday morning, Sunday off. */
export const DEFAULT_SHIFT_PLAN: ShiftPlan = [
  twoShifts,
  twoShifts,
  twoShifts,
  twoShifts,
  twoShifts,
  [{ start: '06:00', end: '12:00', breaks: [{ start: '09:00', end: '09:15' }], intensity: 0.6 }],
  [],
];

export interface LocalTime {
  /** 0 = Monday. */
  weekday: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const lastLookup = new Map<string, { minuteMs: number; local: LocalTime }>();

/** Weekday and minute of the day at an instant in an IANA time zone (cached per zone and minute). */
export function localTime(epochMs: number, timeZone: string): LocalTime {
  const minuteMs = Math.floor(epochMs / 60_000);
  const cached = lastLookup.get(timeZone);
  if (cached?.minuteMs === minuteMs) return cached.local;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(epochMs).map((part) => [part.type, part.value]));
  const local = {
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
  lastLookup.set(timeZone, { minuteMs, local });
  return local;
}

const minutesOf = (hhmm: string) => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

type Interval = readonly [from: number, to: number];
interface CompiledShift {
  span: Interval;
  breaks: Interval[];
  intensity: number;
}
/** A plan turned into minute intervals of the week, ready for fast look-ups. */
export type CompiledPlan = readonly CompiledShift[];

function interval(day: number, start: string, end: string): Interval {
  const from = day * DAY_MINUTES + minutesOf(start);
  const to = day * DAY_MINUTES + minutesOf(end);
  return [from, to <= from ? to + DAY_MINUTES : to];
}

const compiled = new WeakMap<ShiftPlan, CompiledPlan>();

/** Compiles a plan once: a fleet of 100,000 batteries shares a handful of plans. */
export function compilePlan(plan: ShiftPlan): CompiledPlan {
  const known = compiled.get(plan);
  if (known) return known;
  const result = plan.flatMap((shifts, day) =>
    shifts.map((shift) => ({
      span: interval(day, shift.start, shift.end),
      // A break earlier in the clock than the shift start belongs to the night after it.
      breaks: (shift.breaks ?? []).map((pause) =>
        interval(minutesOf(pause.start) < minutesOf(shift.start) ? day + 1 : day, pause.start, pause.end),
      ),
      intensity: shift.intensity ?? 1,
    })),
  );
  compiled.set(plan, result);
  return result;
}

/** True when a minute of the week lies in the interval, also for intervals running past Sunday night. */
const within = (weekMinute: number, [from, to]: Interval) =>
  (weekMinute >= from && weekMinute < to) || (weekMinute + WEEK_MINUTES >= from && weekMinute + WEEK_MINUTES < to);

/** What the plan says at a local time; offsetMinutes shifts one truck's day a little against the others. */
export function shiftPhase(plan: CompiledPlan, local: LocalTime, offsetMinutes = 0): ShiftPhase {
  const weekMinute =
    (((local.weekday * DAY_MINUTES + local.minute - offsetMinutes) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  const shift = plan.find((candidate) => within(weekMinute, candidate.span));
  if (!shift) return { kind: 'off' };
  return shift.breaks.some((pause) => within(weekMinute, pause))
    ? { kind: 'break' }
    : { kind: 'shift', intensity: shift.intensity };
}
