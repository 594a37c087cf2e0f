import type { TwoFactorEnrolment as Enrolment } from '@cbm/contracts/two-factor';
import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '../../../lib/api-client';
import { useConfirmTwoFactor } from '../api/two-factor';

/** Scanning the QR code (or typing the secret) into an authenticator app, then confirming with its first code. */
export function TwoFactorEnrolment({
  enrolment,
  onConfirmed,
  onCancel,
}: {
  enrolment: Enrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmTwoFactor();
  const [qr, setQr] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    QRCode.toDataURL(enrolment.uri, { margin: 1, width: 200 }).then(setQr, () => setQr(''));
  }, [enrolment.uri]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError('');
    await confirm
      .mutateAsync({ code: code.trim() })
      .then((answer) => onConfirmed(answer.recoveryCodes))
      .catch((failure: Error) => setError(failureMessage(failure)));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text>{t('account.twoFactor.scan')}</Text>
        {qr && <Image src={qr} alt={t('account.twoFactor.qrAlt')} w={200} h={200} />}
        <Text size="sm">
          {t('account.twoFactor.secret')} <Code data-testid="two-factor-secret">{enrolment.secret}</Code>
        </Text>
        <TextInput
          label={t('account.twoFactor.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          error={error || undefined}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            {t('account.twoFactor.confirm')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('account.twoFactor.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
