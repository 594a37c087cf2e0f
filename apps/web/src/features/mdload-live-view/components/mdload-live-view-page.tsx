import type { ChargingStation } from '@cbm/contracts/mdload-live-view';
import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridListSwitch } from '../../../components/view-switch/grid-list-switch';
import { unitPagePath } from '../../../lib/page-paths';
import { useSiteId } from '../../sites';
import { downloadMdloadCsv } from '../api/download-mdload-csv';
import { useMdloadLiveView } from '../api/get-mdload-live-view';
import { useMdloadLiveStream } from '../hooks/use-mdload-live-stream';
import { useStationActions } from '../hooks/use-station-actions';
import { ChargerDialog } from './charger-dialog';
import { MdloadUnitPanel } from './mdload-unit-panel';

/**
 * Charger-station live view (screens and routes md-live): the site's units with their groups and stations, updated
 * live.
 */
export default function MdloadLiveViewPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const [grid, setGrid] = useLocalStorage({ key: 'cbm.mdloadLiveView.grid', defaultValue: true });
  const [chargerFor, setChargerFor] = useState<ChargingStation | null>(null);
  const liveView = useMdloadLiveView(siteId);
  useMdloadLiveStream(siteId);
  const { move, assignCharger } = useStationActions(
    siteId,
    liveView.data?.chargers ?? [],
    t('menu.chargerStationLiveView'),
  );

  const units = liveView.data?.units ?? [];
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        {t('menu.chargerStationLiveView')}
      </Title>
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {liveView.isFetching && !liveView.data ? (
            <Loader size="xs" />
          ) : (
            t('mdloadLiveView.count', { count: units.length })
          )}
        </Text>
        <Group>
          <GridListSwitch
            grid={grid}
            onChange={setGrid}
            labels={{
              switch: t('mdloadLiveView.view'),
              grid: t('mdloadLiveView.gridView'),
              list: t('mdloadLiveView.listView'),
            }}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => void downloadMdloadCsv(siteId).catch(() => undefined)}
          >
            {t('mdloadLiveView.downloadCsv')}
          </Button>
        </Group>
      </Group>
      {liveView.isPending ? (
        <Loader />
      ) : units.length === 0 ? (
        <Text>{t('mdloadLiveView.noUnits')}</Text>
      ) : (
        units.map((unit) => (
          <MdloadUnitPanel
            key={unit.id}
            unit={unit}
            layout={grid ? 'grid' : 'list'}
            pageLink={unitPagePath(siteId, unit.mdLoadSerial)}
            onAssignCharger={setChargerFor}
            onMove={move}
          />
        ))
      )}
      {chargerFor && (
        <ChargerDialog
          station={chargerFor}
          chargers={liveView.data?.chargers ?? []}
          onSave={(chargerId) => assignCharger(chargerFor, chargerId)}
          onClose={() => setChargerFor(null)}
        />
      )}
    </Stack>
  );
}
