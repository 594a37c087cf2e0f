import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The recovery codes, shown this once after enrolment. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" maw={420}>
      <Alert color="green" role="status">
        {t('account.twoFactor.enabled')}
      </Alert>
      <Text>{t('account.twoFactor.recoveryHint')}</Text>
      <List data-testid="recovery-codes" ff="monospace">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Button w="fit-content" onClick={onDone}>
        {t('account.twoFactor.savedCodes')}
      </Button>
    </Stack>
  );
}
