import type { Projection } from '@cbm/contracts/battery-lifecycle';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';

/** A projected date with its band and the days it rests on, or why there is none. */
export function ProjectionText({ projection }: { projection: Projection }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const date = (value: string | null) => (value ? formatDate(value, language) : t('batteryCare.beyondHorizon'));
  const { basis } = projection;
  if (projection.status !== 'projected') return <Text size="sm">{t(`batteryCare.status.${projection.status}`)}</Text>;
  return (
    <>
      <Text size="sm" fw={600}>
        {date(projection.date)}
      </Text>
      <Text size="xs" c="dimmed">
        {t('batteryCare.band', { earliest: date(projection.earliest), latest: date(projection.latest) })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('batteryCare.basis', {
          days: basis.days,
          from: basis.from ? formatDate(basis.from, language) : '–',
          to: basis.to ? formatDate(basis.to, language) : '–',
        })}
      </Text>
    </>
  );
}
