import type { ExpectedBattery } from '@cbm/contracts/admin';
import { Button, Group, Loader, Paper, Select, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-client';
import { notifications } from '../../../lib/notifications/notification-store';
import { useAssignBatteries } from '../api/assign-batteries';
import { useExpectedBatteries } from '../api/get-expected-batteries';
import { BatteryTable } from './battery-table';

const ALL = 'all';

const matches = (battery: ExpectedBattery, needle: string) =>
  `${battery.batterySerialNumber} ${battery.batteryName} ${battery.batteryType} ${battery.groupName ?? ''}`
    .toLowerCase()
    .includes(needle);

/** 'Battery assign': moves batteries between the sites the admin manages, all or none. */
export function BatteryAssignment({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const expected = useExpectedBatteries(siteId);
  const assign = useAssignBatteries();
  const [search, setSearch] = useState('');
  const [shownSite, setShownSite] = useState(ALL);
  const [target, setTarget] = useState(String(siteId));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (serials: string[], on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        for (const serial of serials) {
          if (on) next.add(serial);
          else next.delete(serial);
        }
        return next;
      }),
    [],
  );
  if (!expected.data) return expected.isPending ? <Loader size="sm" /> : null;

  const { sites, batteries } = expected.data;
  const siteName = (id: number) => sites.find((site) => site.operatingSiteId === id)?.name ?? String(id);
  const siteOptions = sites.map((site) => ({ value: String(site.operatingSiteId), label: site.name }));
  const needle = search.trim().toLowerCase();
  const shown = batteries.filter(
    (battery) => (shownSite === ALL || String(battery.operatingSiteId) === shownSite) && matches(battery, needle),
  );
  const here = batteries.filter((battery) => battery.assigned).length;

  const store = () => {
    const targetName = siteName(Number(target));
    assign.mutate(
      { targetOperatingSiteId: Number(target), batterySerialNumbers: [...selected] },
      {
        onSuccess: ({ moved }) => {
          setSelected(new Set());
          notifications.add({
            type: 'success',
            title: t('siteAdmin.batteries.stored'),
            message:
              moved.length > 0
                ? t('siteAdmin.batteries.storedMessage', { count: moved.length, site: targetName })
                : t('siteAdmin.batteries.nothingMoved', { site: targetName }),
          });
        },
        onError: (error) =>
          notifications.add({
            type: 'error',
            title: t('siteAdmin.batteries.storeFailed'),
            message:
              (error instanceof ApiRequestError && error.serverMessage) || t('siteAdmin.batteries.storeFailedMessage'),
          }),
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed" mb="sm">
        {t('siteAdmin.batteries.summary', { count: here, others: batteries.length - here })}
      </Text>
      <Group mb="sm" align="flex-end">
        <TextInput
          leftSection={<IconSearch size={16} />}
          label={t('siteAdmin.batteries.search')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={260}
        />
        <Select
          label={t('siteAdmin.batteries.showSite')}
          data={[{ value: ALL, label: t('siteAdmin.batteries.allSites') }, ...siteOptions]}
          value={shownSite}
          onChange={(value) => setShownSite(value ?? ALL)}
          searchable
          w={240}
        />
      </Group>
      <BatteryTable batteries={shown} selected={selected} siteName={siteName} onToggle={toggle} />
      <Group mt="md" align="flex-end">
        <Select
          label={t('siteAdmin.batteries.target')}
          data={siteOptions}
          value={target}
          onChange={(value) => setTarget(value ?? String(siteId))}
          searchable
          w={260}
        />
        <Button onClick={store} disabled={selected.size === 0} loading={assign.isPending}>
          {t('siteAdmin.batteries.assign', { count: selected.size })}
        </Button>
      </Group>
    </Paper>
  );
}
