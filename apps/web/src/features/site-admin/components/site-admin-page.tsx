import { Alert, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSiteId } from '../../sites';
import { useSiteSettings } from '../api/get-site-settings';
import { BatteryAssignment } from './battery-assignment';
import { SiteSettingsForm } from './site-settings-form';

/** Edit Operating Site (screens and routes admin/osadmin): the site's settings and its batteries. */
export default function SiteAdminPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const settings = useSiteSettings(siteId);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('menu.osadmin')}
        </Title>
        {settings.data && <Text c="dimmed">{settings.data.name}</Text>}
      </div>
      <Tabs defaultValue="settings" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="settings">{t('siteAdmin.tabs.settings')}</Tabs.Tab>
          <Tabs.Tab value="batteries">{t('menu.batteryAssign')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="settings">
          <Paper withBorder p="md">
            {settings.data ? (
              // Keyed by site: switching sites starts a fresh form.
              <SiteSettingsForm key={siteId} settings={settings.data} />
            ) : settings.isPending ? (
              <Loader size="sm" />
            ) : (
              <Alert color="red">{t('siteAdmin.loadFailed')}</Alert>
            )}
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="batteries">
          <BatteryAssignment key={siteId} siteId={siteId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
