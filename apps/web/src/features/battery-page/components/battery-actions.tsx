import type { BatteryGroup } from '@cbm/contracts/battery-groups';
import type { Feature } from '@cbm/contracts/features';
import { BATTERY_NAME_MAX, type LiveViewBattery } from '@cbm/contracts/live-view';
import { Button, Group, Menu } from '@mantine/core';
import {
  IconChartLine,
  IconFileDownload,
  IconFolder,
  IconPencil,
  IconRefresh,
  IconReport,
  IconTerminal2,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UpdateDialog } from '../../battery-list';
import { NameDialog } from '../../live-view';
import { useBatteryActions } from '../hooks/use-battery-actions';

interface BatteryActionsProps {
  siteId: number;
  battery: LiveViewBattery;
  groups: readonly BatteryGroup[];
  features: readonly Feature[];
}

/** What the user may do with the battery: each action only with the feature its endpoint requires. */
export function BatteryActions({ siteId, battery, groups, features }: BatteryActionsProps) {
  const { t } = useTranslation();
  const actions = useBatteryActions(siteId, battery);
  const [dialog, setDialog] = useState<'rename' | 'update' | null>(null);
  const holds = (feature: Feature) => features.includes(feature);
  const serial = encodeURIComponent(battery.batterySerialNumber);
  const targets = [...groups.map((group) => ({ id: group.id as number | null, name: group.name }))];
  targets.push({ id: null, name: t('liveView.ungrouped') });

  return (
    <Group gap="xs" role="toolbar" aria-label={t('batteryPage.actions')}>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        loading={actions.refreshing}
        onClick={actions.refresh}
      >
        {t('liveView.battery.updateData')}
      </Button>
      <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setDialog('rename')}>
        {t('liveView.battery.rename')}
      </Button>
      <Menu position="bottom-start">
        <Menu.Target>
          <Button variant="default" leftSection={<IconFolder size={16} />}>
            {t('liveView.battery.moveTo')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {targets
            .filter((target) => target.id !== battery.groupId)
            .map((target) => (
              <Menu.Item key={target.id ?? 'ungrouped'} onClick={() => actions.move(target.id, target.name)}>
                {target.name}
              </Menu.Item>
            ))}
        </Menu.Dropdown>
      </Menu>
      {holds('cbm_datalog') && (
        <Button
          variant="default"
          leftSection={<IconFileDownload size={16} />}
          loading={actions.requestingDatalog}
          onClick={actions.requestDatalog}
        >
          {t('datalogs.request')}
        </Button>
      )}
      {holds('cbm_view') && (
        <Button
          variant="default"
          leftSection={<IconTerminal2 size={16} />}
          loading={actions.enablingRemote}
          onClick={actions.enableRemote}
          title={t('batteryList.remote.explanation')}
        >
          {t('batteryList.remote.enable')}
        </Button>
      )}
      {holds('cbm_update') && (
        <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setDialog('update')}>
          {t('batteryList.softwareUpdate')}
        </Button>
      )}
      {holds('cbm_report') && (
        <Button
          variant="default"
          component={Link}
          to={`/${siteId}/report?serial=${serial}`}
          leftSection={<IconReport size={16} />}
        >
          {t('batteryPage.report')}
        </Button>
      )}
      {holds('cbm_view') && (
        <Button
          variant="default"
          component={Link}
          to={`/${siteId}/expert/profile/${serial}`}
          leftSection={<IconChartLine size={16} />}
        >
          {t('batteryList.profileAnalysis')}
        </Button>
      )}
      {dialog === 'rename' && (
        <NameDialog
          title={t('liveView.battery.rename')}
          label={t('liveView.battery.name')}
          initialName={battery.batteryName}
          maxLength={BATTERY_NAME_MAX}
          onSave={actions.rename}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'update' && <UpdateDialog siteId={siteId} battery={battery} onClose={() => setDialog(null)} />}
    </Group>
  );
}
