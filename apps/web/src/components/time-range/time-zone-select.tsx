import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const TIME_ZONES = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])];

export interface TimeZoneSelectProps {
  value: string;
  onChange: (timeZone: string) => void;
  label?: ReactNode;
  error?: ReactNode;
  required?: boolean;
}

/** Every IANA time zone the browser knows, searchable; it decides where days, weeks and months begin. */
export function TimeZoneSelect({ value, onChange, label, ...props }: TimeZoneSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      searchable
      label={label ?? t('timeRange.timeZone')}
      data={TIME_ZONES}
      value={value}
      onChange={(next) => next && onChange(next)}
      nothingFoundMessage={t('timeRange.noTimeZone')}
      {...props}
    />
  );
}
