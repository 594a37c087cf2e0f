import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRefreshing, REFRESH_RESULT_COLORS, type RefreshProgress, refreshText } from '../data-refresh-model';

/** 'Update data' on the card itself: a spinner and the state while it runs, then the result (a live region). */
export function RefreshStatus({ name, progress }: { name: string; progress: RefreshProgress }) {
  const { t } = useTranslation();
  const [key, values] = refreshText(progress);
  const status = t(key, values);
  return (
    <Group
      role="status"
      aria-label={t('liveView.refresh.label', { name, status })}
      gap={6}
      wrap="nowrap"
      miw={0}
      data-refresh={progress.phase}
    >
      {isRefreshing(progress) && <Loader size={12} aria-hidden />}
      <Text size="xs" fw={600} c={REFRESH_RESULT_COLORS[progress.phase] ?? 'gray.8'} truncate>
        {status}
      </Text>
    </Group>
  );
}
