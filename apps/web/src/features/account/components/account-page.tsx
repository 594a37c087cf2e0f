import { Container, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from './password-form';
import { SessionsTable } from './sessions-table';
import { TwoFactorSection } from './two-factor-section';

/** The signed-in user's own account: password, two-factor sign-in (042) and sessions (decision 037). */
export default function AccountPage() {
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('menu.account')}</Title>
        <Paper p="xl" withBorder>
          <PasswordForm />
        </Paper>
        <Paper p="xl" withBorder>
          <TwoFactorSection />
        </Paper>
        <Paper p="xl" withBorder>
          <SessionsTable />
        </Paper>
      </Stack>
    </Container>
  );
}
