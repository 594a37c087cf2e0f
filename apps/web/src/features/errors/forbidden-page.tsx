import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { signOut, useUser } from '../session';

/**
 * 403: a user without any authorised feature, or a page the account may not open (`?page=` its title key):
 * what happened, whom to ask, and the way out.
 */
export default function ForbiddenPage() {
  const { t, i18n } = useTranslation();
  const user = useUser().data;
  const pageKey = useSearchParams()[0].get('page');
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const hasFeatures = (user?.authorizedFeatures.length ?? 0) > 0;
  const message =
    pageKey && i18n.exists(pageKey)
      ? t('errors.forbiddenPage', { name, page: t(pageKey) })
      : t('errors.forbiddenMessage', { name });
  return (
    <Paper p="xl" withBorder maw={560} shadow="sm">
      <Stack align="center" ta="center">
        <IconLock size={48} stroke={1.5} aria-hidden />
        <Title order={1} fz={26}>
          {t('errors.forbiddenTitle')}
        </Title>
        <Text>{message}</Text>
        <Text>{t('errors.forbiddenContact')}</Text>
        <Group justify="center">
          {hasFeatures && (
            <Anchor component={Link} to="/">
              {t('errors.backToOverview')}
            </Anchor>
          )}
          <Button variant="default" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
            {t('header.signOut')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
