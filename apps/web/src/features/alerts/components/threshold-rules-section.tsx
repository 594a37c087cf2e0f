import type { ThresholdRule } from '@cbm/contracts/alarms';
import type { AlertProduct } from '@cbm/contracts/alerts';
import { CARE } from '@cbm/contracts/battery-care';
import { Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { RowActions } from '../../../components/table/row-actions';
import { useDeleteThresholdRule, useThresholdRules } from '../api/threshold-rules';
import { ThresholdRuleForm } from './threshold-rule-form';

type Dialog = { kind: 'form'; rule?: ThresholdRule } | { kind: 'delete'; rule: ThresholdRule } | null;

/** Beside the event rules: the site's threshold and silence rules (or its units' power rules), with add, edit, delete. */
export function ThresholdRulesSection({ product, siteId }: { product: AlertProduct; siteId: number }) {
  const { t } = useTranslation();
  const rules = useThresholdRules(product, siteId);
  const remove = useDeleteThresholdRule(product, siteId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const line = (rule: ThresholdRule) => {
    const { condition } = rule;
    const unit = t(`thresholdRules.units.${condition.metric}`);
    if (condition.metric === 'noData') return t('thresholdRules.line.noData', { minutes: condition.minutes });
    if (condition.metric === 'deepSleepRisk') {
      return t('thresholdRules.line.deepSleepRisk', { soc: CARE.parkingSoc, days: CARE.parkingDays });
    }
    if (condition.metric === 'endOfLifeWithin')
      return t('thresholdRules.line.endOfLifeWithin', { days: condition.days });
    if (condition.metric === 'stackVoltageOutside') {
      return t('thresholdRules.line.range', { min: condition.min, max: condition.max, unit });
    }
    return t('thresholdRules.line.threshold', { threshold: condition.threshold, unit });
  };

  return (
    <Stack gap="sm" mt="xl">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('thresholdRules.title')}
          </Title>
          <Text size="sm">{t(product === 'battery' ? 'thresholdRules.intro' : 'thresholdRules.mdloadIntro')}</Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'form' })}>
          {t('thresholdRules.add')}
        </Button>
      </Group>
      {rules.isPending ? (
        <Loader aria-label={t('thresholdRules.title')} />
      ) : rules.isError ? (
        <Text c="red.8">{t('thresholdRules.loadFailed')}</Text>
      ) : rules.data.length === 0 ? (
        <Text>{t('thresholdRules.empty')}</Text>
      ) : (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('thresholdRules.fields.name')}</Table.Th>
              <Table.Th>{t('thresholdRules.fields.metric')}</Table.Th>
              <Table.Th>{t('thresholdRules.fields.active')}</Table.Th>
              <Table.Th>{t('thresholdRules.fields.emails')}</Table.Th>
              <Table.Th>{t('thresholdRules.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rules.data.map((rule) => (
              <Table.Tr key={rule.id}>
                <Table.Td>{rule.name}</Table.Td>
                <Table.Td>
                  {t(`thresholdRules.metrics.${rule.condition.metric}`)} · {line(rule)}
                </Table.Td>
                <Table.Td>
                  <Badge color={rule.active ? 'green.8' : 'gray.7'}>
                    {t(rule.active ? 'thresholdRules.on' : 'thresholdRules.off')}
                  </Badge>
                </Table.Td>
                <Table.Td>{rule.emails.join(', ')}</Table.Td>
                <Table.Td>
                  <RowActions
                    editLabel={t('thresholdRules.edit', { name: rule.name })}
                    deleteLabel={t('thresholdRules.delete', { name: rule.name })}
                    onEdit={() => setDialog({ kind: 'form', rule })}
                    onDelete={() => setDialog({ kind: 'delete', rule })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {dialog?.kind === 'form' && (
        <ThresholdRuleForm product={product} siteId={siteId} rule={dialog.rule} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('thresholdRules.deleteDialog.title')}
          confirmLabel={t('thresholdRules.deleteDialog.confirm')}
          cancelLabel={t('thresholdRules.cancel')}
          color="red"
          loading={remove.isPending}
          onConfirm={() => remove.mutate(dialog.rule.id, { onSuccess: () => setDialog(null) })}
          onClose={() => setDialog(null)}
        >
          {t('thresholdRules.deleteDialog.text', { name: dialog.rule.name })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
