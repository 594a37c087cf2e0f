import type { ChargingStation, MdloadCharger } from '@cbm/contracts/mdload-live-view';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const NONE = 'none';

interface ChargerDialogProps {
  station: ChargingStation;
  chargers: readonly MdloadCharger[];
  onSave(chargerId: number | null): Promise<unknown>;
  onClose(): void;
}

/** Chooses the station's charger among the site's chargers, or none. */
export function ChargerDialog({ station, chargers, onSave, onClose }: ChargerDialogProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState(station.charger ? String(station.charger.id) : NONE);
  const [saving, setSaving] = useState(false);
  const data = [
    { value: NONE, label: t('mdloadLiveView.station.noCharger') },
    ...chargers.map((charger) => ({ value: String(charger.id), label: `${charger.name} (${charger.serialNumber})` })),
  ];
  const save = () => {
    setSaving(true);
    onSave(value === NONE ? null : Number(value))
      .then(onClose)
      .catch(() => setSaving(false));
  };
  return (
    <Modal opened onClose={onClose} title={t('mdloadLiveView.chargerDialog.title', { name: station.name })}>
      <Stack>
        <Select
          label={t('mdloadLiveView.chargerDialog.label')}
          data={data}
          value={value}
          onChange={(next) => setValue(next ?? NONE)}
          searchable
          comboboxProps={{ withinPortal: false }}
        />
        <Text size="sm" c="dimmed">
          {t('mdloadLiveView.chargerDialog.hint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('mdloadLiveView.chargerDialog.cancel')}
          </Button>
          <Button onClick={save} loading={saving}>
            {t('mdloadLiveView.chargerDialog.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
