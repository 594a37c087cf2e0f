import type { Alarm } from '@cbm/contracts/alarms';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarms } from '../api/get-alarms';
import { useAlarmStream } from '../hooks/use-alarm-stream';
import { AcknowledgeDialog } from './acknowledge-dialog';
import { AlarmTable } from './alarm-table';

/** A device's active alarms on its page, acknowledged there as in the inbox (live through the site's stream). */
export function DeviceAlarmsSection({ siteId, serial }: { siteId: number; serial: string }) {
  const { t } = useTranslation();
  const alarms = useAlarms({ operatingSiteId: siteId });
  useAlarmStream([siteId]);
  const [acknowledging, setAcknowledging] = useState<Alarm | null>(null);
  const headingId = useId();
  const own = alarms.data?.filter((alarm) => alarm.serialNumber === serial) ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('alarms.deviceHeading')}
        </Title>
        {own.length === 0 ? (
          <Text size="sm">{t(alarms.isPending ? 'alarms.loading' : 'alarms.emptyActive')}</Text>
        ) : (
          <AlarmTable alarms={own} showSite={false} onAcknowledge={setAcknowledging} />
        )}
      </Stack>
      {acknowledging && <AcknowledgeDialog alarm={acknowledging} onClose={() => setAcknowledging(null)} />}
    </Paper>
  );
}
