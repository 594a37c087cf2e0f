import type { ReplacementPlan } from '@cbm/contracts/battery-lifecycle';
import { Anchor, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { batteryPagePath } from '../../../lib/page-paths';
import { useReplacementPlan } from '../api/get-replacement';

function useMoney(currency: string) {
  const format = new Intl.NumberFormat(currentLanguage(), { style: 'currency', currency, maximumFractionDigits: 0 });
  return (value: number | null) => (value === null ? '–' : format.format(value));
}

function Horizons({ plan }: { plan: ReplacementPlan }) {
  const { t } = useTranslation();
  const money = useMoney(plan.currency);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {plan.horizons.map((horizon) => (
        <Paper key={horizon.months} withBorder p="sm">
          <Text size="sm" c="dimmed">
            {t('batteryCare.replacement.within', { count: horizon.months })}
          </Text>
          <Text fw={700} size="xl">
            {t('batteryCare.replacement.batteries', { count: horizon.batteries })}
          </Text>
          <Text size="sm">{money(horizon.cost)}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function PlanTable({ plan, siteId }: { plan: ReplacementPlan; siteId: number }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = useMoney(plan.currency);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('batteryCare.battery')}</Table.Th>
            <Table.Th>{t('batteryCare.replacement.reason')}</Table.Th>
            <Table.Th>{t('batteryCare.replacement.due')}</Table.Th>
            <Table.Th>{t('batteryCare.replacement.cost')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.batteries.map((battery) => (
            <Table.Tr key={battery.serialNumber}>
              <Table.Td>
                <Anchor component={Link} to={batteryPagePath(siteId, battery.serialNumber)}>
                  {battery.batteryName}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`batteryCare.replacement.reasons.${battery.reason}`)}</Table.Td>
              <Table.Td>
                {battery.status === 'reached' ? t('batteryCare.replacement.now') : formatDate(battery.date, language)}
                {battery.earliest && battery.latest && (
                  <Text size="xs" c="dimmed">
                    {t('batteryCare.band', {
                      earliest: formatDate(battery.earliest, language),
                      latest: formatDate(battery.latest, language),
                    })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{money(battery.cost)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The replacement plan (issue 51): what falls due within 3, 6 and 12 months, why, and what it costs. */
export function ReplacementSection({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const plan = useReplacementPlan(siteId);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('batteryCare.replacement.title')}
      </Title>
      {!plan.data ? (
        <Loader size="sm" />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('batteryCare.replacement.intro')}
            {plan.data.batteryPricePerKwh === null && ` ${t('batteryCare.replacement.noPrice')}`}
            {plan.data.notEnoughHistory > 0 &&
              ` ${t('batteryCare.replacement.tooShort', { count: plan.data.notEnoughHistory })}`}
          </Text>
          <Horizons plan={plan.data} />
          {plan.data.batteries.length > 0 && <PlanTable plan={plan.data} siteId={siteId} />}
        </>
      )}
    </Stack>
  );
}
