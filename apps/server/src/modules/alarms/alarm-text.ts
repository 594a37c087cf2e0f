import type { AlarmCondition } from '@cbm/contracts/alarms';
import { CARE } from '@cbm/contracts/battery-care';
import { END_OF_LIFE_SOH } from '@cbm/contracts/battery-lifecycle';
import { type Language, translate } from '../../i18n/messages';

/**
 * What a threshold or silence alarm tells, in a language: its mails in the rule's, the inbox in the reader's; a
 * recovery tells that the value is back, not that it is across the line.
 */
export function describeCondition(
  language: Language,
  condition: AlarmCondition,
  value: number | null,
  recovered = false,
): string {
  const texts = recovered ? 'alarmRecovered' : 'alarmText';
  const number = (n: number | null) =>
    n === null ? '' : new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-US').format(n);
  switch (condition.metric) {
    case 'noData':
      return translate(language, `${texts}.noData`, { minutes: condition.minutes });
    case 'deepSleepRisk':
      return translate(language, `${texts}.deepSleepRisk`, {
        days: number(value),
        soc: CARE.parkingSoc,
        parkingDays: CARE.parkingDays,
      });
    case 'endOfLifeWithin':
      return translate(language, `${texts}.endOfLifeWithin`, {
        value: number(value),
        days: number(condition.days),
        soh: END_OF_LIFE_SOH,
      });
    case 'stackVoltageOutside':
      return translate(language, `${texts}.stackVoltageOutside`, {
        value: number(value),
        min: number(condition.min),
        max: number(condition.max),
      });
    default:
      return translate(language, `${texts}.${condition.metric}`, {
        value: number(value),
        threshold: number(condition.threshold),
      });
  }
}
