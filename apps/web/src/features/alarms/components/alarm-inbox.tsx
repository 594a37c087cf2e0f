import type { Alarm } from '@cbm/contracts/alarms';
import { Anchor, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alarmInboxPath } from '../../../lib/page-paths';
import { alarmStreamSites } from '../alarm-stream-sites';
import { useAlarms } from '../api/get-alarms';
import { useAlarmSites } from '../hooks/use-alarm-sites';
import { useAlarmStream } from '../hooks/use-alarm-stream';
import { AcknowledgeDialog } from './acknowledge-dialog';
import { AlarmTable } from './alarm-table';
import { ErrorsWithoutAlarms } from './errors-without-alarms';

/**
 * The alarm inbox of one site, or across the user's sites: active (open and acknowledged) or all alarms; live
 * through one stream over its sites.
 */
export function AlarmInbox({ siteId }: { siteId?: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'active' | 'all'>('active');
  const alarms = useAlarms({ operatingSiteId: siteId, state });
  const acrossSites = siteId === undefined;
  const alarmSites = useAlarmSites(acrossSites);
  useAlarmStream(acrossSites ? alarmStreamSites(alarms.data, alarmSites) : [siteId]);
  const [acknowledging, setAcknowledging] = useState<Alarm | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t(acrossSites ? 'alarms.allTitle' : 'alarms.title')}
          </Title>
          <Text size="sm">{t('alarms.intro')}</Text>
          {!acrossSites && (
            <Anchor component={Link} to={alarmInboxPath()} size="sm" c="inherit" underline="always">
              {t('alarms.allSites')}
            </Anchor>
          )}
        </Stack>
        <SegmentedControl
          aria-label={t('alarms.show')}
          value={state}
          onChange={(value) => setState(value as 'active' | 'all')}
          data={[
            { value: 'active', label: t('alarms.active') },
            { value: 'all', label: t('alarms.all') },
          ]}
        />
      </Group>
      {alarms.isPending ? (
        <Loader aria-label={t('alarms.title')} />
      ) : alarms.isError ? (
        <Text c="red.8">{t('alarms.loadFailed')}</Text>
      ) : alarms.data.length === 0 ? (
        <>
          <Text>{t(state === 'active' ? 'alarms.emptyActive' : 'alarms.empty')}</Text>
          {state === 'active' && !acrossSites && <ErrorsWithoutAlarms siteId={siteId} />}
        </>
      ) : (
        <AlarmTable alarms={alarms.data} showSite={acrossSites} onAcknowledge={setAcknowledging} />
      )}
      {acknowledging && <AcknowledgeDialog alarm={acknowledging} onClose={() => setAcknowledging(null)} />}
    </Stack>
  );
}
