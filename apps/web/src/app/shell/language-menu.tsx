import { UI_LANGUAGES } from '@cbm/contracts/date-formats';
import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUpdateLanguage } from '../../features/session';
import { chooseLanguage, currentLanguage } from '../../lib/i18n';

export function LanguageMenu() {
  const { t } = useTranslation();
  const store = useUpdateLanguage();
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray.0"
          leftSection={<IconLanguage size={18} />}
          aria-label={`${t('header.language')}: ${currentLanguage().toUpperCase()}`}
        >
          {currentLanguage().toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {UI_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            onClick={() => {
              chooseLanguage(language);
              store.mutate(language);
            }}
            fw={language === currentLanguage() ? 700 : 400}
          >
            {t(`header.languages.${language}`)}
            {language === currentLanguage() && <VisuallyHidden> ({t('header.chosen')})</VisuallyHidden>}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
