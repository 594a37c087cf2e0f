import type { DeviceLimitState } from '@cbm/contracts/device-registry';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';

const COLORS = { throttled: 'yellow', 'bad-messages': 'orange' } as const;

/** A limit the device broker holds the device to right now (decision 078), explained on hover. */
export function DeviceLimitBadge({ limit, zone }: { limit: DeviceLimitState; zone: string }) {
  const { t } = useTranslation();
  const until = limit.until ? formatDateTime(limit.until, currentLanguage(), zone) : '';
  return (
    <Tooltip label={t(`devices.limitHints.${limit.limit}`, { until })} multiline w={260}>
      <Badge color={COLORS[limit.limit]} variant="light">
        {t(`devices.limits.${limit.limit}`)}
      </Badge>
    </Tooltip>
  );
}
