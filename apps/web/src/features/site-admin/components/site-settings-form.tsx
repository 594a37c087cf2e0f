import type { SiteSettings } from '@cbm/contracts/admin';
import { Button, Grid, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { notifications } from '../../../lib/notifications/notification-store';
import { formatNumberText } from '../../../lib/number-text';
import { fieldErrors } from '../../../lib/validation-errors';
import { useUpdateSiteSettings } from '../api/update-site-settings';
import {
  currencyOptions,
  parseFormValues,
  positionOf,
  roundCoordinate,
  type SiteSettingsValues,
  timeZoneOptions,
  toFormValues,
} from '../site-settings-values';
import { type Coordinates, LocationPicker } from './location-picker';

interface SiteSettingsFormProps {
  settings: SiteSettings;
}

/** Name, position (typed or picked on the map), time zone, currency and energy price of a site. */
export function SiteSettingsForm({ settings }: SiteSettingsFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [values, setValues] = useState(() => toFormValues(settings, language));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSiteSettings(settings.operatingSiteId);
  const currencies = useMemo(() => currencyOptions(language), [language]);
  const zones = useMemo(() => timeZoneOptions(settings.timezone), [settings.timezone]);

  const set = (field: keyof SiteSettingsValues) => (value: string | null) => {
    setValues((current) => ({ ...current, [field]: value ?? '' }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const pick = ({ latitude, longitude }: Coordinates) => {
    set('latitude')(formatNumberText(roundCoordinate(latitude), language));
    set('longitude')(formatNumberText(roundCoordinate(longitude), language));
  };
  const position = positionOf(values);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseFormValues(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues, t));
    update.mutate(parsed.data, {
      onSuccess: (stored) => {
        setValues(toFormValues(stored, language));
        notifications.add({
          type: 'success',
          title: t('siteAdmin.settings.stored'),
          message: t('siteAdmin.settings.storedMessage', { name: stored.name }),
        });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <TextInput
              label={t('siteAdmin.settings.name')}
              value={values.name}
              onChange={(event) => set('name')(event.currentTarget.value)}
              error={errors.name}
              withAsterisk
            />
            <Group grow align="flex-start">
              <TextInput
                label={t('siteAdmin.settings.latitude')}
                inputMode="decimal"
                value={values.latitude}
                onChange={(event) => set('latitude')(event.currentTarget.value)}
                error={errors.latitude}
                withAsterisk
              />
              <TextInput
                label={t('siteAdmin.settings.longitude')}
                inputMode="decimal"
                value={values.longitude}
                onChange={(event) => set('longitude')(event.currentTarget.value)}
                error={errors.longitude}
                withAsterisk
              />
            </Group>
            <Select
              label={t('siteAdmin.settings.timezone')}
              description={t('siteAdmin.settings.timezoneNote')}
              data={zones}
              value={values.timezone}
              onChange={set('timezone')}
              error={errors.timezone}
              searchable
              nothingFoundMessage={t('common.nothingFound')}
              limit={100}
              withAsterisk
            />
            <Group grow align="flex-start">
              <Select
                label={t('siteAdmin.settings.currency')}
                data={currencies}
                value={values.currency}
                onChange={set('currency')}
                error={errors.currency}
                searchable
                nothingFoundMessage={t('common.nothingFound')}
                withAsterisk
              />
              <TextInput
                label={t('siteAdmin.settings.pricePerKwh')}
                inputMode="decimal"
                value={values.pricePerKwh}
                onChange={(event) => set('pricePerKwh')(event.currentTarget.value)}
                error={errors.pricePerKwh}
                rightSection={<Text size="xs">{values.currency}</Text>}
                rightSectionWidth={48}
                withAsterisk
              />
              <TextInput
                label={t('siteAdmin.settings.batteryPricePerKwh')}
                description={t('siteAdmin.settings.batteryPriceHint')}
                inputMode="decimal"
                value={values.batteryPricePerKwh}
                onChange={(event) => set('batteryPricePerKwh')(event.currentTarget.value)}
                error={errors.batteryPricePerKwh}
                rightSection={<Text size="xs">{values.currency}</Text>}
                rightSectionWidth={48}
              />
            </Group>
            <Group mt="sm">
              <Button type="submit" loading={update.isPending}>
                {t('siteAdmin.settings.save')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setValues(toFormValues(settings, language));
                  setErrors({});
                }}
              >
                {t('siteAdmin.settings.reset')}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Text size="sm" fw={500} mb={4}>
            {t('siteAdmin.settings.location')}
          </Text>
          <LocationPicker value={position} onPick={pick} />
          <Text size="xs" c="dimmed" mt={4}>
            {t('siteAdmin.settings.mapHint')}
          </Text>
        </Grid.Col>
      </Grid>
    </form>
  );
}
