import type { ReportBattery } from '@cbm/contracts/reports';

/** The report's battery picker: matches a name as well as a serial, case-insensitive. */
export function matchingBatteries(batteries: readonly ReportBattery[], search: string): ReportBattery[] {
  const text = search.trim().toLowerCase();
  if (text === '') return [...batteries];
  return batteries.filter(
    (battery) =>
      battery.batterySerialNumber.toLowerCase().includes(text) || battery.batteryName.toLowerCase().includes(text),
  );
}

/** The serial a typed text stands for: a serial as is, or the serial of the one battery with exactly that name. */
export function serialOf(batteries: readonly ReportBattery[], text: string): string {
  const typed = text.trim();
  if (batteries.some((battery) => battery.batterySerialNumber === typed)) return typed;
  const named = batteries.filter((battery) => battery.batteryName.toLowerCase() === typed.toLowerCase());
  return named.length === 1 && named[0] ? named[0].batterySerialNumber : typed;
}
