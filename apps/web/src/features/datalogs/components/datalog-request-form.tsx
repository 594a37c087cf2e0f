import { Button, Group, Select } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import { useDatalogBatteries } from '../api/get-datalog-batteries';
import { useRequestDatalog } from '../api/request-datalog';

/** Choose a battery of the site and ask it for its datalog. */
export function DatalogRequestForm({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const batteries = useDatalogBatteries(siteId);
  const request = useRequestDatalog(siteId);
  const [serial, setSerial] = useState<string | null>(null);
  const options = (batteries.data ?? []).map((battery) => ({
    value: battery.batterySerialNumber,
    label: `${battery.batteryName} (${battery.batterySerialNumber})`,
  }));

  const submit = () => {
    if (!serial) return;
    const name = options.find((option) => option.value === serial)?.label ?? serial;
    request.mutate(serial, {
      onSuccess: () =>
        notifications.add({
          type: 'success',
          title: t('datalogs.requested'),
          message: t('datalogs.requestedMessage', { name }),
        }),
    });
  };

  return (
    <Group align="end">
      <Select
        label={t('datalogs.battery')}
        placeholder={t('datalogs.batteryPlaceholder')}
        nothingFoundMessage={t('datalogs.nothingFound')}
        data={options}
        value={serial}
        onChange={setSerial}
        searchable
        clearable
        w={360}
        disabled={batteries.isPending}
      />
      <Button leftSection={<IconFileZip size={16} />} disabled={!serial} loading={request.isPending} onClick={submit}>
        {t('datalogs.request')}
      </Button>
    </Group>
  );
}
