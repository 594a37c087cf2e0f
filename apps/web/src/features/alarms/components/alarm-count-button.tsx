import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { alarmInboxPath } from '../../../lib/page-paths';
import { alarmStreamSites } from '../alarm-stream-sites';
import { useAlarms } from '../api/get-alarms';
import { useAlarmSites } from '../hooks/use-alarm-sites';
import { useAlarmStream } from '../hooks/use-alarm-stream';

/** The header's count of active alarms across the user's sites, live, leading to the inbox of all sites. */
export function AlarmCountButton() {
  const { t } = useTranslation();
  const alarms = useAlarms({});
  useAlarmStream(alarmStreamSites(alarms.data, useAlarmSites(true)));
  const count = alarms.data?.length ?? 0;
  const label = t('alarms.headerCount', { count });
  return (
    <Tooltip label={label}>
      <Indicator label={count} size={18} color="red" disabled={count === 0} offset={4} data-alarm-count={count}>
        <ActionIcon component={Link} to={alarmInboxPath()} variant="subtle" color="gray.0" size="lg" aria-label={label}>
          <IconBell size={20} aria-hidden />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
