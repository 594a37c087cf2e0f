import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** 403: shown to users without any authorised feature (screens and routes, error catalogue). */
export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <Paper p="xl" withBorder maw={520} shadow="sm">
      <Stack align="center" ta="center">
        <IconLock size={48} stroke={1.5} aria-hidden />
        <Title order={1} fz={26}>
          {t('errors.forbiddenTitle')}
        </Title>
        <Text>{t('errors.forbiddenMessage')}</Text>
      </Stack>
    </Paper>
  );
}
