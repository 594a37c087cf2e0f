import type { BatteryListItem, VersionField, Versions } from '@cbm/contracts/battery-list';
import { ActionIcon, Anchor, Badge, Table, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pinnedProps } from '../../../components/table/sortable-header';
import { currentLanguage } from '../../../lib/i18n';
import { batteryPagePath, campaignPagePath } from '../../../lib/page-paths';
import { PINNED_COLUMNS, TABLE_COLUMNS, type TableColumn } from '../battery-list-model';
import { fieldText } from './field-text';

const STATUS_COLORS: Record<string, string> = {
  charging: 'blue',
  discharging: 'grape',
  standby: 'teal',
  idle: 'gray',
  error: 'red',
  offline: 'dark',
};

/** Only names and dates wrap; figures, versions and types stay on one line. */
const WRAPPING: ReadonlySet<TableColumn> = new Set(['batteryName', 'groupName', 'lastDataTimestamp']);

interface BatteryRowProps {
  battery: BatteryListItem;
  outdated: ReadonlySet<VersionField>;
  expected: Versions | undefined;
  expanded: boolean;
  /** With cbm_update the campaign badge links to the campaign's page. */
  canUpdate: boolean;
  onToggle: () => void;
  details: ReactNode;
  /** The zone its last-data time shows in (useClockZone). */
  timeZone: string;
}

/** One battery: its columns with outdated versions highlighted, and its details below when expanded. */
export function BatteryRow(props: BatteryRowProps) {
  const { battery, outdated, expected, expanded, onToggle, details, timeZone } = props;
  const { t } = useTranslation();
  const language = currentLanguage();
  const cell = (column: TableColumn) => {
    if (column === 'status') {
      return (
        <Badge variant="light" color={STATUS_COLORS[battery.status] ?? 'gray'}>
          {t(`batteryList.status.${battery.status}`)}
        </Badge>
      );
    }
    if (column === 'campaign') return <CampaignBadge battery={battery} linked={props.canUpdate} />;
    const text = fieldText(battery, column, language, timeZone);
    if (column === 'batteryName') {
      return (
        <Anchor
          component={Link}
          to={batteryPagePath(battery.operatingSiteId, battery.batterySerialNumber)}
          c="inherit"
          underline="always"
        >
          {text}
        </Anchor>
      );
    }
    if (!outdated.has(column as VersionField)) return text;
    return (
      <Tooltip label={t('batteryList.outdated', { expected: expected?.[column as VersionField] ?? '' })}>
        <Badge color="orange" variant="filled" data-outdated="true">
          {text}
        </Badge>
      </Tooltip>
    );
  };
  return (
    <>
      <Table.Tr data-serial={battery.batterySerialNumber}>
        <Table.Td {...pinnedProps(0)}>
          <ActionIcon
            variant="subtle"
            aria-expanded={expanded}
            aria-label={t(expanded ? 'batteryList.collapse' : 'batteryList.expand', { name: battery.batteryName })}
            onClick={onToggle}
          >
            {expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        </Table.Td>
        {TABLE_COLUMNS.map((column) => {
          const pinned = pinnedProps(column === 'batterySerialNumber' ? PINNED_COLUMNS.toggleWidth : undefined);
          const whiteSpace = WRAPPING.has(column) ? undefined : 'nowrap';
          return (
            <Table.Td key={column} className={pinned.className} style={{ ...pinned.style, whiteSpace }}>
              {cell(column)}
            </Table.Td>
          );
        })}
      </Table.Tr>
      {expanded && (
        <Table.Tr>
          <Table.Td colSpan={TABLE_COLUMNS.length + 1} bg="var(--mantine-color-gray-light)">
            {details}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** The battery's open campaign, paused ones marked, linking to the campaign's page; a dash without one. */
function CampaignBadge({ battery, linked }: { battery: BatteryListItem; linked: boolean }) {
  const { t } = useTranslation();
  const { campaign } = battery;
  if (!campaign) return '–';
  const paused = campaign.status === 'paused';
  const badge = (
    <Badge variant="light" color={paused ? 'orange' : 'blue'} tt="none" style={linked ? { cursor: 'pointer' } : {}}>
      {paused ? t('batteryList.campaignPaused', { name: campaign.name }) : campaign.name}
    </Badge>
  );
  if (!linked) return badge;
  return (
    <Anchor component={Link} to={campaignPagePath(battery.operatingSiteId, campaign.id)} underline="never">
      {badge}
    </Anchor>
  );
}
