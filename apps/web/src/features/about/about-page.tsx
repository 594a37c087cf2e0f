import { API_DOCS_PATH } from '@cbm/contracts/endpoint';
import { Anchor, Container, List, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClientSettings } from '../overview';

export default function AboutPage() {
  const { t } = useTranslation();
  const version = useClientSettings().data?.version;
  return (
    <Container size="sm" py="xl">
      <Paper p="xl" withBorder>
        <Title order={1} mb="md">
          {t('about.heading')}
        </Title>
        <Text mb="md">{t('about.text')}</Text>
        <List mb="md">
          <List.Item>{t('about.batteryArea')}</List.Item>
          <List.Item>{t('about.mdloadArea')}</List.Item>
        </List>
        <Text c="dimmed" size="sm">
          {t('about.version', { version: version ?? '–' })} ·{' '}
          <Anchor href={API_DOCS_PATH} target="_blank" c="inherit" underline="always">
            {t('about.apiDocs')}
          </Anchor>
        </Text>
      </Paper>
    </Container>
  );
}
