import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Error catalogue: 'No available data' where a chart has nothing to show. */
export function NoData() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl">
      <Text ta="center" c="dimmed">
        {t('mdloadStatistics.noData')}
      </Text>
    </Paper>
  );
}
