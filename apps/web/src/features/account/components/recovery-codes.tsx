import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const FILE_NAME = 'cbm-recovery-codes.txt';

/** Saves the codes as a text file, one a line. */
function download(text: string) {
  const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

/** Prints the codes alone, on a page of their own (written as text: nothing of them is read as markup). */
function print(title: string, text: string) {
  const page = window.open('', '_blank', 'width=480,height=640');
  if (!page) return;
  page.document.title = title;
  const heading = page.document.createElement('h1');
  heading.textContent = title;
  const codes = page.document.createElement('pre');
  codes.textContent = text;
  page.document.body.append(heading, codes);
  page.print();
}

/** The recovery codes, shown this once after enrolment; they can be copied, downloaded and printed. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join('\n');
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
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {t(copied ? 'account.twoFactor.codesCopied' : 'account.twoFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" onClick={() => download(text)}>
          {t('account.twoFactor.downloadCodes')}
        </Button>
        <Button variant="light" onClick={() => print(t('account.twoFactor.codesTitle'), text)}>
          {t('account.twoFactor.printCodes')}
        </Button>
      </Group>
      <Button w="fit-content" onClick={onDone}>
        {t('account.twoFactor.savedCodes')}
      </Button>
    </Stack>
  );
}
