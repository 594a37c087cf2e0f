import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  charging: 'green',
  discharging: 'blue',
  standby: 'teal',
  connected: 'teal',
  idle: 'gray',
  online: 'green',
  offline: 'gray',
  'not connected': 'gray',
  error: 'red',
};

/** A unit's, station's or charger's state; null while the device has not reported. */
export function StatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation();
  const known = status !== null && status in COLORS;
  return (
    <Badge color={known ? COLORS[status] : 'gray'} variant="light">
      {t(`mdloadLiveView.status.${known ? status : 'unknown'}`)}
    </Badge>
  );
}
