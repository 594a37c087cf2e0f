import type { CareBattery } from '@cbm/contracts/battery-care';
import { Anchor, Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { batteryPagePath } from '../../../lib/page-paths';
import { useSiteId } from '../../sites';
import type { GroupRank } from '../care-ranking';

const HOUR_MS = 3_600_000;
const scoreColor = (score: number | null) =>
  score === null ? 'gray' : score < 50 ? 'red' : score < 80 ? 'yellow' : 'teal';

function Score({ score }: { score: number | null }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={scoreColor(score)}>
      {score ?? t('batteryCare.noSamples')}
    </Badge>
  );
}

/** What the counters were counted from: raw samples, hourly care roll-ups (no samples kept there), or both. */
function Source({ battery }: { battery: CareBattery }) {
  const { t, i18n } = useTranslation();
  const parts = [
    battery.samples > 0 &&
      t('batteryCare.source.samples', {
        count: battery.samples,
        formatted: battery.samples.toLocaleString(i18n.language),
      }),
    battery.rollupHours > 0 &&
      t('batteryCare.source.rollupHours', {
        count: battery.rollupHours,
        formatted: battery.rollupHours.toLocaleString(i18n.language),
      }),
  ].filter(Boolean);
  return <>{parts.length > 0 ? parts.join(' + ') : '–'}</>;
}

function Reason({ battery }: { battery: CareBattery }) {
  const { t } = useTranslation();
  return <>{battery.reason ? t(`batteryCare.reasons.${battery.reason}`) : '–'}</>;
}

export function GroupRankingTable({ groups }: { groups: GroupRank[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('batteryCare.group')}</Table.Th>
            <Table.Th>{t('batteryCare.batteries')}</Table.Th>
            <Table.Th>{t('batteryCare.meanScore')}</Table.Th>
            <Table.Th>{t('batteryCare.worstBattery')}</Table.Th>
            <Table.Th>{t('batteryCare.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.key}>
              <Table.Td>{group.groupName ?? t('batteryCare.ungrouped')}</Table.Td>
              <Table.Td>{group.batteries}</Table.Td>
              <Table.Td>
                <Score score={group.meanScore} />
              </Table.Td>
              <Table.Td>{group.worst.batteryName || group.worst.serialNumber}</Table.Td>
              <Table.Td>
                <Reason battery={group.worst} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function BatteryRankingTable({ batteries }: { batteries: CareBattery[] }) {
  const { t, i18n } = useTranslation();
  const siteId = useSiteId();
  const hours = (ms: number) => (ms / HOUR_MS).toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  // Eleven columns: narrower screens (and German headers at 1440 px) scroll the table, not the page.
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('batteryCare.battery')}</Table.Th>
            <Table.Th>{t('batteryCare.group')}</Table.Th>
            <Table.Th>{t('batteryCare.score')}</Table.Th>
            <Table.Th>{t('batteryCare.reason')}</Table.Th>
            <Table.Th>{t('batteryCare.counters.deepDischarges')}</Table.Th>
            <Table.Th>{t('batteryCare.counters.hotHours')}</Table.Th>
            <Table.Th>{t('batteryCare.counters.hotChargingHours')}</Table.Th>
            <Table.Th>{t('batteryCare.counters.deepSleepRisks')}</Table.Th>
            <Table.Th>{t('batteryCare.counters.opportunityCharges')}</Table.Th>
            <Table.Th>{t('batteryCare.counters.onlineHours')}</Table.Th>
            <Table.Th>{t('batteryCare.countedFrom')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batteries.map((battery) => (
            <Table.Tr key={battery.serialNumber}>
              <Table.Td>
                <Anchor component={Link} to={batteryPagePath(siteId, battery.serialNumber)}>
                  {battery.batteryName || battery.serialNumber}
                </Anchor>
              </Table.Td>
              <Table.Td>{battery.groupName ?? t('batteryCare.ungrouped')}</Table.Td>
              <Table.Td>
                <Score score={battery.careScore} />
              </Table.Td>
              <Table.Td>
                <Reason battery={battery} />
              </Table.Td>
              <Table.Td>{battery.counters.deepDischarges}</Table.Td>
              <Table.Td>{hours(battery.counters.hotMs)}</Table.Td>
              <Table.Td>{hours(battery.counters.hotChargingMs)}</Table.Td>
              <Table.Td>{battery.counters.deepSleepRisks}</Table.Td>
              <Table.Td>{battery.counters.opportunityCharges}</Table.Td>
              <Table.Td>{hours(battery.counters.onlineMs)}</Table.Td>
              <Table.Td>
                <Source battery={battery} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
