import { ALARM_COMMENT_MAX, type Alarm } from '@cbm/contracts/alarms';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '../../../lib/notifications/notification-store';
import { useAcknowledgeAlarm } from '../api/acknowledge-alarm';

/** Acknowledges an alarm with an optional comment; who and when are recorded by the server. */
export function AcknowledgeDialog({ alarm, onClose }: { alarm: Alarm; onClose: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const acknowledge = useAcknowledgeAlarm();
  const tooLong = comment.trim().length > ALARM_COMMENT_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong) return;
    acknowledge.mutate(
      { id: alarm.id, body: { comment } },
      {
        onSuccess: () => {
          notifications.add({
            type: 'success',
            title: t('alarms.toasts.acknowledged'),
            message: t('alarms.toasts.acknowledgedMessage', { device: alarm.deviceName }),
          });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('alarms.dialog.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {alarm.deviceName} ({alarm.serialNumber}): {alarm.description}
          </Text>
          <Textarea
            label={t('alarms.dialog.comment')}
            description={t('alarms.dialog.commentHint')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            error={tooLong ? t('validation.maxLength', { n: ALARM_COMMENT_MAX }) : undefined}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('alarms.dialog.cancel')}
            </Button>
            <Button type="submit" loading={acknowledge.isPending}>
              {t('alarms.acknowledge')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
