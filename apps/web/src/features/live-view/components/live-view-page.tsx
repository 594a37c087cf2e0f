import { BATTERY_GROUP_NAME_MAX, type BatteryGroup } from '@cbm/contracts/battery-groups';
import { BATTERY_NAME_MAX, type LiveViewBattery } from '@cbm/contracts/live-view';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconAlertTriangle, IconDownload, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridListSwitch } from '../../../components/view-switch/grid-list-switch';
import { notifications } from '../../../lib/notifications/notification-store';
import { BATTERY_PAGE_FEATURE } from '../../../lib/page-paths';
import { useUser } from '../../session';
import { useClockZone, useSiteId } from '../../sites';
import { useChangeBattery } from '../api/change-battery';
import { useDeleteBatteryGroup } from '../api/delete-battery-group';
import { downloadLiveViewCsv } from '../api/download-csv';
import { useBatteryGroups } from '../api/get-battery-groups';
import { useConnectivity } from '../api/get-connectivity';
import { useLiveView } from '../api/get-live-view';
import { useSaveBatteryGroup } from '../api/save-battery-group';
import { useDataRefresh } from '../hooks/use-data-refresh';
import { useLiveStream } from '../hooks/use-live-stream';
import { useTriage } from '../hooks/use-triage';
import { buildSections, type SectionKey, UNGROUPED } from '../live-view-model';
import { BatteryCard } from './battery-card';
import { BatteryMenu } from './battery-menu';
import { BatterySearch } from './battery-search';
import { DeleteGroupDialog } from './delete-group-dialog';
import { LiveViewList } from './live-view-list';
import { NameDialog } from './name-dialog';
import { RefreshStatus } from './refresh-status';
import { TriageBar } from './triage-bar';

const NO_GROUPS: BatteryGroup[] = [];

type Dialog =
  | { kind: 'addGroup' }
  | { kind: 'renameGroup'; group: BatteryGroup }
  | { kind: 'deleteGroup'; group: BatteryGroup }
  | { kind: 'renameBattery'; battery: LiveViewBattery };

/** Live View (screens and routes): the site's batteries in groups, as a grid or a list, updated live. */
export default function LiveViewPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const [grid, setGrid] = useLocalStorage({ key: 'cbm.liveView.grid', defaultValue: true });
  const [collapsedKeys, setCollapsedKeys] = useLocalStorage<SectionKey[]>({
    key: `cbm.liveView.collapsed.${siteId}`,
    defaultValue: [],
  });
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const liveView = useLiveView(siteId);
  const groups = useBatteryGroups(siteId);
  const connectivity = useConnectivity(siteId);
  const user = useUser();
  const timeZone = useClockZone();
  const saveGroup = useSaveBatteryGroup(siteId);
  const deleteGroup = useDeleteBatteryGroup(siteId);
  const changeBattery = useChangeBattery(siteId);
  const { refresh, progress, refreshing } = useDataRefresh(siteId);
  useLiveStream(siteId);

  const groupList = groups.data ?? NO_GROUPS;
  const triaged = useTriage(liveView.data?.batteries, search, timeZone);
  const narrowed = search !== '' || triaged.filter !== null;
  // 99,999 batteries: sorting them into sections is worth doing only when the list or groups change.
  const sections = useMemo(
    () => buildSections(triaged.shown, groupList, narrowed),
    [triaged.shown, groupList, narrowed],
  );
  const collapsed = useMemo(() => new Set(collapsedKeys), [collapsedKeys]);
  const canOpenErrors = user.data?.authorizedFeatures.includes('cbm_filter') ?? false;
  const canOpenPage = user.data?.authorizedFeatures.includes(BATTERY_PAGE_FEATURE) ?? false;
  const success = (message: string) => notifications.add({ type: 'success', title: t('menu.liveView'), message });
  const groupName = (groupId: number | null) =>
    groupList.find((group) => group.id === groupId)?.name ?? t('liveView.ungrouped');

  const move = (serial: string, groupId: number | null) => {
    const battery = liveView.data?.batteries.find((entry) => entry.batterySerialNumber === serial);
    if (!battery || battery.groupId === groupId) return;
    changeBattery.mutate(
      { serial, change: { groupId: groupId ?? '' } },
      {
        onSuccess: () => success(t('liveView.battery.moved', { name: battery.batteryName, group: groupName(groupId) })),
      },
    );
  };
  const copySerial = async (serial: string) => {
    await navigator.clipboard.writeText(serial);
    success(t('liveView.battery.serialCopied'));
  };
  const toggle = (key: SectionKey) =>
    setCollapsedKeys((keys) => (keys.includes(key) ? keys.filter((entry) => entry !== key) : [...keys, key]));

  const refreshStatusOf = (battery: LiveViewBattery) => {
    const shown = progress.get(battery.batterySerialNumber);
    return shown && <RefreshStatus name={battery.batteryName} progress={shown} />;
  };
  const renderBattery = (battery: LiveViewBattery) => (
    <BatteryCard
      battery={battery}
      layout={grid ? 'grid' : 'list'}
      siteId={siteId}
      canOpenErrors={canOpenErrors}
      canOpenPage={canOpenPage}
      timeZone={timeZone}
      today={triaged.today}
      refreshStatus={refreshStatusOf(battery)}
      menu={
        <BatteryMenu
          battery={battery}
          groups={groupList}
          refreshing={refreshing(battery.batterySerialNumber)}
          onRefresh={() => void refresh(battery)}
          onRename={() => setDialog({ kind: 'renameBattery', battery })}
          onMove={(groupId) => move(battery.batterySerialNumber, groupId)}
          onCopySerial={() => void copySerial(battery.batterySerialNumber)}
        />
      }
    />
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={1} size="h2">
          {t('menu.liveView')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('liveView.timeZone', { zone: timeZone })}
        </Text>
      </Group>
      {connectivity.data?.networkProblem && (
        <Alert color="red" icon={<IconAlertTriangle />} title={t('liveView.attention')}>
          {t('liveView.networkProblem', {
            dropped: connectivity.data.droppedDevices,
            connected: connectivity.data.connectedDevices,
          })}
        </Alert>
      )}
      <Group justify="space-between">
        {/* Takes the room the actions leave; the search narrows down to its minimum before the actions wrap. */}
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 0' }}>
          <BatterySearch siteId={siteId} onSearch={setSearch} />
          <Text c="dimmed" size="sm" style={{ whiteSpace: 'nowrap' }}>
            {liveView.isFetching ? (
              <Loader size="xs" />
            ) : (
              t('liveView.count', { count: search === '' ? (liveView.data?.totalCount ?? 0) : triaged.found.length })
            )}
          </Text>
        </Group>
        <Group gap="xs">
          <GridListSwitch
            grid={grid}
            onChange={setGrid}
            labels={{ switch: t('liveView.view'), grid: t('liveView.gridView'), list: t('liveView.listView') }}
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'addGroup' })}
          >
            {t('liveView.addGroup')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void downloadLiveViewCsv(siteId, search).catch(() => undefined)}
          >
            {t('liveView.downloadCsv')}
          </Button>
        </Group>
      </Group>
      <TriageBar
        counts={triaged.counts}
        filter={triaged.filter}
        onFilter={triaged.setFilter}
        sort={triaged.sort}
        onSort={triaged.setSort}
      />
      {liveView.isPending ? (
        <Loader />
      ) : triaged.found.length === 0 && search !== '' ? (
        <Text>{t('liveView.nothingFound')}</Text>
      ) : triaged.shown.length === 0 && triaged.filter !== null ? (
        <Text>{t('liveView.triage.nothingShown')}</Text>
      ) : (
        <LiveViewList
          sections={sections}
          layout={grid ? 'grid' : 'list'}
          collapsed={collapsed}
          onToggle={toggle}
          onRenameGroup={(group) => setDialog({ kind: 'renameGroup', group })}
          onDeleteGroup={(group) => setDialog({ kind: 'deleteGroup', group })}
          onMove={(serial, key) => move(serial, key === UNGROUPED ? null : key)}
          renderBattery={renderBattery}
        />
      )}
      {dialog?.kind === 'addGroup' && (
        <NameDialog
          title={t('liveView.group.create')}
          label={t('liveView.group.name')}
          initialName=""
          maxLength={BATTERY_GROUP_NAME_MAX}
          onSave={(name) => saveGroup.mutateAsync({ name }).then(() => success(t('liveView.group.created', { name })))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'renameGroup' && (
        <NameDialog
          title={t('liveView.group.rename')}
          label={t('liveView.group.name')}
          initialName={dialog.group.name}
          maxLength={BATTERY_GROUP_NAME_MAX}
          onSave={(name) =>
            saveGroup
              .mutateAsync({ id: dialog.group.id, name })
              .then(() => success(t('liveView.group.renamed', { name })))
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'deleteGroup' && (
        <DeleteGroupDialog
          name={dialog.group.name}
          onDelete={() =>
            deleteGroup
              .mutateAsync(dialog.group.id)
              .then(() => success(t('liveView.group.deleted', { name: dialog.group.name })))
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'renameBattery' && (
        <NameDialog
          title={t('liveView.battery.rename')}
          label={t('liveView.battery.name')}
          initialName={dialog.battery.batteryName}
          maxLength={BATTERY_NAME_MAX}
          onSave={(batteryName) =>
            changeBattery
              .mutateAsync({ serial: dialog.battery.batterySerialNumber, change: { batteryName } })
              .then(() => success(t('liveView.battery.renamed', { name: batteryName })))
          }
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
