import { DATE_FORMATS } from '@cbm/contracts/date-formats';
import type { MdloadConsumption } from '@cbm/contracts/mdload-statistics';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../../components/time-range/zoned-dayjs';
import { currentLanguage } from '../../../lib/i18n';

interface ConsumptionSummaryProps {
  summary: MdloadConsumption['summary'];
  timeZone: string;
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** Total energy, the site's peak power and the cost at the site's price, for the chosen range. */
export function ConsumptionSummary({ summary, timeZone }: ConsumptionSummaryProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const number = (value: number, digits: number) => value.toLocaleString(language, { maximumFractionDigits: digits });
  const cost = new Intl.NumberFormat(language, { style: 'currency', currency: summary.currency }).format(summary.cost);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Figure label={t('mdloadStatistics.summary.total')} value={`${number(summary.totalKwh, 1)} kWh`} />
      <Figure
        label={t('mdloadStatistics.summary.peak')}
        value={summary.peakPowerKw === null ? '—' : `${number(summary.peakPowerKw, 1)} kW`}
        note={summary.peakAt ? dayjs(summary.peakAt).tz(timeZone).format(DATE_FORMATS[language].dateTime) : undefined}
      />
      <Figure
        label={t('mdloadStatistics.summary.cost')}
        value={cost}
        note={t('mdloadStatistics.summary.price', {
          price: new Intl.NumberFormat(language, {
            style: 'currency',
            currency: summary.currency,
            maximumFractionDigits: 4,
          }).format(summary.pricePerKwh),
        })}
      />
    </SimpleGrid>
  );
}
