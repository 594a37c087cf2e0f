import { Badge, Button, Loader, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useClockZone } from '../../sites';
import { useEndSession, useOwnSessions } from '../api/own-sessions';

/** The user's own sessions; any but the current one can be ended at once. */
export function SessionsTable() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  const sessions = useOwnSessions();
  const end = useEndSession();
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('account.sessions.title')}
      </Title>
      {sessions.isPending ? (
        <Loader size="sm" />
      ) : (
        <Table striped aria-label={t('account.sessions.title')} maw={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('account.sessions.started')}</Table.Th>
              <Table.Th>{t('account.sessions.lastUsed')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data?.map((session) => (
              <Table.Tr key={session.sessionId}>
                <Table.Td>{formatDateTime(session.createdAt, language, zone)}</Table.Td>
                <Table.Td>{formatDateTime(session.lastSeenAt, language, zone)}</Table.Td>
                <Table.Td>
                  {session.current ? (
                    <Badge variant="light">{t('account.sessions.current')}</Badge>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      loading={end.isPending && end.variables === session.sessionId}
                      onClick={() => end.mutate(session.sessionId)}
                    >
                      {t('account.sessions.end')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
