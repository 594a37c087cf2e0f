import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';

/** 404: an address with no page, or a site the user may not see (`?path=` the address typed). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const path = useSearchParams()[0].get('path') ?? pathname;
  return (
    <Paper p="xl" withBorder maw={560} mx="auto" mt="xl">
      <Stack align="center" ta="center">
        <IconMapQuestion size={48} stroke={1.5} aria-hidden />
        <Title order={1} fz={26}>
          {t('errors.notFoundTitle')}
        </Title>
        <Text style={{ overflowWrap: 'anywhere' }}>{t('errors.notFoundMessage', { path })}</Text>
        <Anchor component={Link} to="/">
          {t('errors.backToOverview')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
