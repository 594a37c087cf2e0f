import { CloseButton, Group, ScrollArea, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Help for the current page (spec §1), or 'no help available'. */
export function HelpSidebar({ topic, onClose }: { topic: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ScrollArea p="md" h="100%" aria-label={t('help.title')}>
      <Group justify="space-between" mb="sm">
        <Title order={3}>{t('help.title')}</Title>
        <CloseButton onClick={onClose} aria-label={t('help.close')} />
      </Group>
      {topic ? (
        <>
          <Title order={4} mb="xs">
            {t(`help.topics.${topic}.title`)}
          </Title>
          {t(`help.topics.${topic}.text`)
            .split('\n')
            .map((paragraph) => (
              <Text key={paragraph} size="sm" mb="sm">
                {paragraph}
              </Text>
            ))}
        </>
      ) : (
        <Text c="dimmed">{t('help.noHelp')}</Text>
      )}
    </ScrollArea>
  );
}
