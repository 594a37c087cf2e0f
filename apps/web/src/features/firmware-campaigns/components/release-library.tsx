import { UPDATE_FILE_EXTENSIONS } from '@cbm/contracts/update-jobs';
import { Button, FileInput, Group, Loader, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { notifications } from '../../../lib/notifications/notification-store';
import { useClockZone } from '../../sites';
import { useAddRelease, useReleases } from '../api/firmware-campaigns';

/** The organisation's firmware library: a file uploaded once with its version, battery types and notes. */
export function ReleaseLibrary({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = useClockZone();
  const releases = useReleases(siteId);
  const add = useAddRelease(siteId);
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState('');
  const [batteryTypes, setBatteryTypes] = useState('');
  const [releaseNotes, setReleaseNotes] = useState('');

  const submit = () => {
    if (!file) return;
    add.mutateAsync({ file, version, batteryTypes, releaseNotes }).then(
      (release) => {
        notifications.add({
          type: 'success',
          title: t('firmwareCampaigns.library'),
          message: t('firmwareCampaigns.added', { version: release.version }),
        });
        setFile(null);
        setVersion('');
        setReleaseNotes('');
      },
      () => undefined,
    );
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('firmwareCampaigns.library')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <FileInput
          label={t('firmwareCampaigns.file')}
          accept={UPDATE_FILE_EXTENSIONS.join(',')}
          value={file}
          onChange={setFile}
          w={220}
          clearable
        />
        <TextInput
          label={t('firmwareCampaigns.version')}
          value={version}
          onChange={(event) => setVersion(event.currentTarget.value)}
          w={120}
        />
        <TextInput
          label={t('firmwareCampaigns.batteryTypes')}
          description={t('firmwareCampaigns.batteryTypesHint')}
          value={batteryTypes}
          onChange={(event) => setBatteryTypes(event.currentTarget.value)}
          w={260}
        />
        <Textarea
          label={t('firmwareCampaigns.releaseNotes')}
          value={releaseNotes}
          onChange={(event) => setReleaseNotes(event.currentTarget.value)}
          autosize
          minRows={1}
          w={260}
        />
        <Button onClick={submit} disabled={!file || !version || !batteryTypes} loading={add.isPending}>
          {t('firmwareCampaigns.addRelease')}
        </Button>
      </Group>
      {releases.isPending ? (
        <Loader size="sm" />
      ) : releases.data?.releases.length ? (
        <Table striped aria-label={t('firmwareCampaigns.library')} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('firmwareCampaigns.version')}</Table.Th>
              <Table.Th>{t('firmwareCampaigns.batteryTypes')}</Table.Th>
              <Table.Th>{t('firmwareCampaigns.releaseNotes')}</Table.Th>
              <Table.Th>{t('firmwareCampaigns.checksum')}</Table.Th>
              <Table.Th>{t('firmwareCampaigns.uploadedBy')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {releases.data.releases.map((release) => (
              <Table.Tr key={release.id}>
                <Table.Td>{release.version}</Table.Td>
                <Table.Td>{release.batteryTypes.join(', ')}</Table.Td>
                <Table.Td>{release.releaseNotes}</Table.Td>
                <Table.Td ff="monospace" title={release.sha256}>
                  {release.sha256.slice(0, 12)}…
                </Table.Td>
                <Table.Td>
                  {release.uploadedBy ?? '–'}, {formatDateTime(release.createdAt, language, zone)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm">{t('firmwareCampaigns.noReleases')}</Text>
      )}
    </Stack>
  );
}
