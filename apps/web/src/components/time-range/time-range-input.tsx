import { DATE_FORMATS } from '@cbm/contracts/date-formats';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { dayRange, QUICK_RANGES, quickRange, rangeDays, type TimeRange } from './quick-range';

type Days = DatesRangeValue<string>;

export interface TimeRangeInputProps {
  value: TimeRange | null;
  onChange: (range: TimeRange) => void;
  /** The IANA zone whose calendar days the picker shows and whose midnight starts and ends the range. */
  timeZone: string;
  label?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  minDate?: Date;
  maxDate?: Date;
}

/**
 * A range of whole calendar days with the quick ranges of the business constants beside the calendar: choosing "last
 * week"
 * or the same days by hand gives the same range, named after the quick range.
 */
export function TimeRangeInput({ value, onChange, timeZone, label, ...props }: TimeRangeInputProps) {
  const { t } = useTranslation();
  const presets = QUICK_RANGES.map((name) => ({
    name,
    value: rangeDays(quickRange(name, timeZone), timeZone) as Days,
    label: t(`timeRange.quick.${name}`),
  }));
  const shown: Days = value ? rangeDays(value, timeZone) : [null, null];
  const [days, setDays] = useState<Days>(shown);
  const shownKey = shown.join('/');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-sync only when the chosen range itself changes
  useEffect(() => setDays(shown), [shownKey]);

  const choose = (next: Days) => {
    setDays(next);
    const [first, last] = next;
    if (!first || !last) return;
    const preset = presets.find(({ value: [a, b] }) => a === first && b === last);
    onChange({ ...dayRange(first, last, timeZone), quickRange: preset?.name });
  };

  return (
    <DatePickerInput
      type="range"
      allowSingleDateInRange
      label={label ?? t('timeRange.label')}
      placeholder={t('timeRange.placeholder')}
      valueFormat={DATE_FORMATS[currentLanguage()].date}
      presets={presets.map(({ value: days, label: text }) => ({ value: days, label: text }))}
      value={days}
      onChange={choose}
      {...props}
    />
  );
}
