import { ALL_GROUPS, type Alert, type AlertProduct, UNGROUPED } from '@cbm/contracts/alerts';
import { Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/table/row-actions';

interface AlertTableProps {
  product: AlertProduct;
  alerts: readonly Alert[];
  groupNames: ReadonlyMap<string, string>;
  onEdit: (alert: Alert) => void;
  onDelete: (alert: Alert) => void;
}

const KINDS = [
  ['alertOnError', 'error'],
  ['alertOnWarning', 'warning'],
  ['alertOnLimit', 'limit'],
] as const;

/** The site's alerts: name, on/off, kinds, what they watch, who is told. */
export function AlertTable({ product, alerts, groupNames, onEdit, onDelete }: AlertTableProps) {
  const { t } = useTranslation();
  const selection = (alert: Alert) => {
    if (alert.batterySerials.length > 0) return t('alerts.selection.serials', { count: alert.batterySerials.length });
    const types = alert.batteryTypes.join(', ');
    if (product === 'mdload') return t('alerts.selection.types', { types });
    const groupName = (id: Alert['groupId'][number]) => {
      if (id === UNGROUPED) return t('alerts.form.ungrouped');
      if (id === ALL_GROUPS) return t('alerts.form.allGroups');
      return groupNames.get(String(id)) ?? String(id);
    };
    const groups = alert.groupId.map(groupName).join(', ');
    return t('alerts.selection.groupsAndTypes', { groups, types });
  };

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('alerts.columns.name')}</Table.Th>
            <Table.Th>{t('alerts.columns.active')}</Table.Th>
            <Table.Th>{t('alerts.columns.kinds')}</Table.Th>
            <Table.Th>
              {t(product === 'battery' ? 'alerts.columns.selection' : 'alerts.columns.mdloadSelection')}
            </Table.Th>
            <Table.Th>{t('alerts.columns.emails')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('alerts.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {alerts.map((alert) => (
            <Table.Tr key={alert.id}>
              <Table.Td>
                <Text fw={500}>{alert.name}</Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  color={alert.active ? 'green' : 'gray'}
                  variant="light"
                  style={{ flexShrink: 0 }}
                  miw="max-content"
                >
                  {t(alert.active ? 'alerts.on' : 'alerts.off')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {KINDS.filter(([flag]) => alert[flag]).map(([flag, kind]) => (
                    <Badge
                      key={flag}
                      variant="outline"
                      color={kind === 'error' ? 'red' : kind === 'warning' ? 'orange' : 'blue'}
                    >
                      {t(`alerts.kinds.${kind}`)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{selection(alert)}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{alert.emails.join(', ')}</Table.Td>
              <Table.Td>
                <RowActions
                  editLabel={t('alerts.edit', { name: alert.name })}
                  deleteLabel={t('alerts.delete', { name: alert.name })}
                  onEdit={() => onEdit(alert)}
                  onDelete={() => onDelete(alert)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
