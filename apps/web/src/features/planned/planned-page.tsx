import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../../app/use-route-handle';

/** A screen whose feature is not built yet: its title and a plain notice. */
export default function PlannedPage() {
  const { t } = useTranslation();
  const titleKey = useRouteHandle('titleKey');
  return (
    <Paper p="lg" withBorder>
      <Title order={2} mb="sm">
        {titleKey ? t(titleKey) : ''}
      </Title>
      <Text c="dimmed">{t('planned.notice')}</Text>
    </Paper>
  );
}
