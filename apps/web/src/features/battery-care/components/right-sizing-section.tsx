import { IN_USE_MINUTES_PER_HOUR, type RightSizing } from '@cbm/contracts/battery-care';
import { Anchor, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TimeRange } from '../../../components/time-range/quick-range';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { batteryPagePath } from '../../../lib/page-paths';
import { useRightSizing } from '../api/get-right-sizing';

function Figure({ label, value, hint }: { label: string; value: string | number; hint?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {hint && <Text size="xs">{hint}</Text>}
    </Paper>
  );
}

function Figures({ sizing }: { sizing: RightSizing }) {
  const { t } = useTranslation();
  const peak = sizing.peak;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Figure label={t('batteryCare.rightSizing.fleet')} value={sizing.fleetSize} />
      <Figure
        label={t('batteryCare.rightSizing.peak')}
        value={peak?.inUse ?? 0}
        hint={peak ? formatDateTime(peak.hour, currentLanguage(), sizing.timeZone) : undefined}
      />
      <Figure label={t('batteryCare.rightSizing.spare')} value={sizing.fleetSize - (peak?.inUse ?? 0)} />
    </SimpleGrid>
  );
}

function ByHour({ sizing }: { sizing: RightSizing }) {
  const { t } = useTranslation();
  const busy = sizing.byHourOfDay.filter((slot) => slot.peak > 0);
  if (busy.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder>
        <Table.Caption>{t('batteryCare.rightSizing.byHour')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('batteryCare.rightSizing.hour')}</Table.Th>
            <Table.Th>{t('batteryCare.rightSizing.inUse')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {busy.map((slot) => (
            <Table.Tr key={slot.hour}>
              <Table.Td>{`${String(slot.hour).padStart(2, '0')}:00`}</Table.Td>
              <Table.Td>{slot.peak}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Right-sizing (issue 51): the most batteries in use at once against the fleet, and the batteries never used. */
export function RightSizingSection({ siteId, range }: { siteId: number; range: TimeRange }) {
  const { t } = useTranslation();
  const sizing = useRightSizing(siteId, range).data;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('batteryCare.rightSizing.title')}
      </Title>
      {!sizing ? (
        <Loader size="sm" />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t('batteryCare.rightSizing.intro', { minutes: IN_USE_MINUTES_PER_HOUR })}
          </Text>
          <Figures sizing={sizing} />
          <ByHour sizing={sizing} />
          <Text size="sm" fw={500}>
            {t('batteryCare.rightSizing.unused', { count: sizing.unused.length })}
          </Text>
          {sizing.unused.length > 0 && (
            <Group gap="xs">
              {sizing.unused.map((battery) => (
                <Anchor key={battery.serialNumber} component={Link} to={batteryPagePath(siteId, battery.serialNumber)}>
                  {battery.batteryName}
                </Anchor>
              ))}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
