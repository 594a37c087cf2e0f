import { AppShell, CloseButton, Group, ScrollArea, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface HelpSidebarProps {
  topic: string | undefined;
  opened: boolean;
  onClose: () => void;
}

/** Help for the current page (product scope), or 'no help available'; out of reach (inert) while closed. */
export function HelpSidebar({ topic, opened, onClose }: HelpSidebarProps) {
  const { t } = useTranslation();
  return (
    <AppShell.Aside aria-label={t('help.title')} aria-hidden={!opened} inert={!opened}>
      <HelpContent topic={topic} onClose={onClose} />
    </AppShell.Aside>
  );
}

function HelpContent({ topic, onClose }: { topic: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ScrollArea p="md" h="100%">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {t('help.title')}
        </Title>
        <CloseButton onClick={onClose} aria-label={t('help.close')} />
      </Group>
      {topic ? (
        <>
          <Title order={3} size="h4" mb="xs">
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
