import type { TwoFactorEnrolment as Enrolment } from '@cbm/contracts/two-factor';
import { Badge, Button, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/api-client';
import { useDisableTwoFactor, useStartTwoFactor, useTwoFactorStatus } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/** Two-factor sign-in of the own account: set up with an authenticator app, or turn off (decision 042). */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>();
  const enabled = status.data?.enabled === true;
  return (
    <Stack gap="sm">
      <Group>
        <Title order={2} size="h4">
          {t('account.twoFactor.title')}
        </Title>
        {status.data && (
          <Badge color={enabled ? 'green.8' : 'gray.7'}>
            {t(enabled ? 'account.twoFactor.on' : 'account.twoFactor.off')}
          </Badge>
        )}
      </Group>
      <Text size="sm">{t('account.twoFactor.intro')}</Text>
      {status.data?.available === false && <Text>{t('account.twoFactor.identityProvider')}</Text>}
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(undefined)} />}
      {enabled && !recoveryCodes && <DisableForm />}
      {status.data?.available && !enabled && !enrolment && (
        <Button w="fit-content" loading={start.isPending} onClick={async () => setEnrolment(await start.mutateAsync())}>
          {t('account.twoFactor.setUp')}
        </Button>
      )}
      {enrolment && !enabled && (
        <TwoFactorEnrolment
          enrolment={enrolment}
          onConfirmed={(codes) => {
            setRecoveryCodes(codes);
            setEnrolment(undefined);
          }}
          onCancel={() => setEnrolment(undefined)}
        />
      )}
    </Stack>
  );
}

function DisableForm() {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError('');
    await disable.mutateAsync({ password }).catch((failure: Error) => setError(failureMessage(failure)));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label={t('account.twoFactor.disablePassword')}
          autoComplete="current-password"
          value={password}
          error={error || undefined}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Button type="submit" color="red" variant="light" w="fit-content" loading={disable.isPending}>
          {t('account.twoFactor.disable')}
        </Button>
      </Stack>
    </form>
  );
}
