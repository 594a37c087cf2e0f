import type { PeopleResponse, PersonAccess } from '@cbm/contracts/people';
import { FEATURE_SITE_RULES, type SitePermission } from '@cbm/contracts/site-permissions';
import { Alert, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface AccessFieldsProps {
  grantable: PeopleResponse['grantable'];
  value: PersonAccess;
  onChange(value: PersonAccess): void;
}

const ruleKey = (rule: SitePermission) => `people.ruleNames.${rule.replace('.', '_')}`;

/** The ticked features whose site rule no chosen site holds, each with that rule: they would show no menu. */
function featuresWithoutRule({ features, sites }: PersonAccess) {
  return features.flatMap((feature) => {
    const rule: SitePermission | undefined = FEATURE_SITE_RULES[feature as keyof typeof FEATURE_SITE_RULES];
    return rule && !sites.some((site) => site.permissions.includes(rule)) ? [{ feature, rule }] : [];
  });
}

/** Features and, per operating site the administrator manages, access and the site rules they hold there. */
export function AccessFields({ grantable, value, onChange }: AccessFieldsProps) {
  const { t } = useTranslation();
  const siteOf = (siteId: number) => value.sites.find((site) => site.operatingSiteId === siteId);
  const setSite = (siteId: number, permissions: SitePermission[] | undefined) => {
    const others = value.sites.filter((site) => site.operatingSiteId !== siteId);
    onChange({
      ...value,
      sites: permissions ? [...others, { operatingSiteId: siteId, permissions }] : others,
    });
  };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('people.form.onlyYours')}
      </Text>
      <Checkbox.Group
        label={t('people.form.features')}
        value={value.features}
        onChange={(features) => onChange({ ...value, features: features as PersonAccess['features'] })}
      >
        <SimpleGrid cols={2} spacing={4} mt={4}>
          {grantable.features.map((feature) => (
            <Checkbox key={feature} value={feature} label={t(`people.featureNames.${feature}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {featuresWithoutRule(value).map(({ feature, rule }) => (
        <Alert key={feature} color="orange" variant="light" p="xs">
          {t('people.form.ruleMissing', { feature: t(`people.featureNames.${feature}`), rule: t(ruleKey(rule)) })}
        </Alert>
      ))}
      <Text size="sm" fw={500}>
        {t('people.form.sites')}
      </Text>
      {grantable.sites.map((site) => {
        const chosen = siteOf(site.operatingSiteId);
        return (
          <Fieldset key={site.operatingSiteId} legend={site.name} variant="filled" p="xs">
            <Group gap="md">
              <Checkbox
                label={t('people.form.siteAccess', { site: site.name })}
                checked={Boolean(chosen)}
                onChange={(event) => setSite(site.operatingSiteId, event.currentTarget.checked ? [] : undefined)}
              />
              {site.permissions.map((rule) => (
                <Checkbox
                  key={rule}
                  label={t(ruleKey(rule))}
                  disabled={!chosen}
                  checked={chosen?.permissions.includes(rule) ?? false}
                  onChange={(event) =>
                    setSite(
                      site.operatingSiteId,
                      event.currentTarget.checked
                        ? [...(chosen?.permissions ?? []), rule]
                        : (chosen?.permissions ?? []).filter((held) => held !== rule),
                    )
                  }
                />
              ))}
            </Group>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
