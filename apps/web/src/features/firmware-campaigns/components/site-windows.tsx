import type { SiteWindow } from '@cbm/contracts/firmware-campaigns';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface SiteWindowsProps {
  siteIds: string[];
  siteName: (siteId: string) => string;
  windows: Record<string, SiteWindow>;
  onChange: (windows: Record<string, SiteWindow>) => void;
}

/** Per selected site, the hours its batteries take commands (both empty: any time), in the site's zone. */
export function SiteWindows({ siteIds, siteName, windows, onChange }: SiteWindowsProps) {
  const { t } = useTranslation();
  const set = (siteId: string, part: keyof SiteWindow, value: string) => {
    const next = { ...(windows[siteId] ?? { from: '', to: '' }), [part]: value };
    const rest = Object.fromEntries(Object.entries(windows).filter(([id]) => id !== siteId));
    onChange(next.from || next.to ? { ...rest, [siteId]: next } : rest);
  };
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {t('firmwareCampaigns.windowHint')}
      </Text>
      <Group wrap="wrap">
        {siteIds.map((siteId) => (
          <Group key={siteId} gap="xs" align="flex-end">
            <TextInput
              type="time"
              label={`${t('firmwareCampaigns.window', { site: siteName(siteId) })}: ${t('firmwareCampaigns.windowFrom')}`}
              value={windows[siteId]?.from ?? ''}
              onChange={(event) => set(siteId, 'from', event.currentTarget.value)}
            />
            <TextInput
              type="time"
              label={t('firmwareCampaigns.windowTo')}
              value={windows[siteId]?.to ?? ''}
              onChange={(event) => set(siteId, 'to', event.currentTarget.value)}
            />
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
