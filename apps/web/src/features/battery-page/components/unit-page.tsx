import type { ChargingStation } from '@cbm/contracts/mdload-live-view';
import { Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  ChargerDialog,
  MdloadUnitPanel,
  useMdloadLiveStream,
  useMdloadLiveView,
  useStationActions,
} from '../../mdload-live-view';
import { useUser } from '../../session';
import { useSiteId } from '../../sites';

/**
 * A charger-station unit's page (route mdload/units/:serial, decision 041): its live panel with the station
 * actions of the charger-station live view, updated by the stream, and the way to its events.
 */
export default function UnitPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const serial = useParams().serial ?? '';
  const canOpenEvents = useUser().data?.authorizedFeatures.includes('cbm_mdevent') ?? false;
  const liveView = useMdloadLiveView(siteId);
  useMdloadLiveStream(siteId);
  const [chargerFor, setChargerFor] = useState<ChargingStation | null>(null);
  const unit = liveView.data?.units.find((entry) => entry.mdLoadSerial === serial);
  const { move, assignCharger } = useStationActions(siteId, liveView.data?.chargers ?? [], unit?.name ?? serial);

  if (!unit) return liveView.isPending ? <Loader /> : <Text>{t('batteryPage.unitNotFound', { serial })}</Text>;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {unit.name}
        </Title>
        <Text c="dimmed">{t('batteryPage.unitSubtitle', { serial })}</Text>
      </div>
      {canOpenEvents && (
        <Group>
          <Anchor component={Link} to={`/${siteId}/mdload/events`} c="inherit" underline="always">
            <Group gap={4}>
              <IconListDetails size={16} aria-hidden />
              {t('batteryPage.unitEvents')}
            </Group>
          </Anchor>
        </Group>
      )}
      <MdloadUnitPanel unit={unit} layout="list" onAssignCharger={setChargerFor} onMove={move} />
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
