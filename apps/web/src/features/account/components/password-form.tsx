import { passwordChangeBodySchema } from '@cbm/contracts/user';
import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, failureMessage } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/validation-errors';
import { useChangePassword } from '../api/change-password';

const EMPTY = { currentPassword: '', newPassword: '', repeat: '' };

/** Changes the own password; every other session of the user ends. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const field = (name: keyof typeof EMPTY) => ({
    label: t(`account.password.${name}`),
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  });
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setDone(false);
    const parsed = passwordChangeBodySchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrors(parsed.error.issues, t);
    if (values.repeat !== values.newPassword) found.repeat = t('account.password.mismatch');
    setErrors(found);
    if (!parsed.success || found.repeat) return;
    try {
      await change.mutateAsync(parsed.data);
      setValues(EMPTY);
      setDone(true);
    } catch (error) {
      const body = error instanceof ApiRequestError ? (error.body as { errors?: Record<string, string[]> }) : {};
      setErrors({
        newPassword: body.errors?.['body.newPassword']?.[0] ?? '',
        currentPassword: body.errors ? '' : failureMessage(error as Error),
      });
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <Title order={2} size="h4">
          {t('account.password.title')}
        </Title>
        <PasswordInput autoComplete="current-password" {...field('currentPassword')} />
        <PasswordInput autoComplete="new-password" description={t('account.password.rule')} {...field('newPassword')} />
        <PasswordInput autoComplete="new-password" {...field('repeat')} />
        {done && (
          <Alert color="green" role="status">
            {t('account.password.done')}
          </Alert>
        )}
        <Button type="submit" loading={change.isPending} w="fit-content">
          {t('account.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
