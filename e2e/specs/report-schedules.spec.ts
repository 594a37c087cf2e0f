import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// Adds, checks and deletes its own scheduled reports at Bremen GVZ; other specs do not read them.
const SITE = 'Bremen GVZ';
const field = (within: Locator, name: string) =>
  within.getByRole('textbox', { name }).or(within.getByRole('combobox', { name }));

interface Texts {
  section: string;
  add: string;
  save: string;
  emailRequired: string;
  serialsRequired: string;
  batteryReport: string;
  batteries: string;
  monthly: string;
  email: string;
  language: string;
  otherLanguage: string;
  added: string;
  deleteButton: (recipients: string) => string;
  deleteDialog: string;
  confirm: string;
  deleted: string;
}

const TEXTS: Record<'en' | 'de', Texts> = {
  en: {
    section: 'Scheduled reports',
    add: 'Add scheduled report',
    save: 'Save',
    emailRequired: 'E-Mail is required',
    serialsRequired: 'Battery serials is required',
    batteryReport: 'Battery report',
    batteries: 'Batteries',
    monthly: 'Monthly',
    email: 'E-mail address of recipient 1',
    language: 'Language of recipient 1',
    otherLanguage: 'German',
    added: 'Scheduled report added',
    deleteButton: (recipients) => `Delete the scheduled report to ${recipients}`,
    deleteDialog: 'Delete scheduled report',
    confirm: 'Delete',
    deleted: 'Scheduled report deleted',
  },
  de: {
    section: 'Geplante Berichte',
    add: 'Geplanten Bericht hinzufügen',
    save: 'Speichern',
    emailRequired: 'E-Mail ist erforderlich',
    serialsRequired: 'Batterie-Seriennummern sind erforderlich',
    batteryReport: 'Batteriebericht',
    batteries: 'Batterien',
    monthly: 'Monatlich',
    email: 'E-Mail-Adresse von Empfänger 1',
    language: 'Sprache von Empfänger 1',
    otherLanguage: 'Englisch',
    added: 'Geplanter Bericht hinzugefügt',
    deleteButton: (recipients) => `Geplanten Bericht an ${recipients} löschen`,
    deleteDialog: 'Geplanten Bericht löschen',
    confirm: 'Löschen',
    deleted: 'Geplanter Bericht gelöscht',
  },
};

for (const [language, text] of Object.entries(TEXTS) as ['en' | 'de', Texts][]) {
  test.describe(`scheduled reports (${language})`, () => {
    test.use({ locale: language === 'de' ? 'de-DE' : 'en-US' });

    test('flags what is missing with the alert form’s messages, adds a monthly battery report, deletes it', async ({
      page,
      signIn,
      siteIds,
    }) => {
      // Sign-in, two refused saves, a save and a delete: more than the default 30 s on a busy machine.
      test.setTimeout(90_000);
      await signIn('admin', { next: `/${siteIds[SITE]}/report` });
      const section = page.getByRole('region', { name: text.section });
      await section.getByRole('button', { name: text.add }).click();
      const dialog = page.getByRole('dialog', { name: text.add });
      await dialog.getByRole('button', { name: text.save }).click();
      await expect(dialog.getByText(text.emailRequired, { exact: true })).toBeVisible();

      const address = `schedule-${language}-${Date.now()}@example.com`;
      await dialog.getByRole('radio', { name: text.batteryReport }).check();
      await dialog.getByRole('textbox', { name: text.email }).fill(address);
      await dialog.getByRole('button', { name: text.save }).click();
      await expect(dialog.getByText(text.serialsRequired, { exact: true })).toBeVisible();

      await field(dialog, text.batteries).click();
      const battery = page.getByRole('option').first();
      const serial = ((await battery.textContent()) ?? '').split(' · ')[0] as string;
      await battery.click();
      // The list stays open for more batteries; Escape closes it, not the dialog.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('radio', { name: text.monthly }).check();
      await field(dialog, text.language).click();
      await page.getByRole('option', { name: text.otherLanguage }).click();
      await dialog.getByRole('button', { name: text.save }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: text.added })).toBeVisible();

      const row = section.getByRole('row').filter({ hasText: address });
      await expect(row).toContainText(serial);
      await expect(row).toContainText(text.monthly);
      await expect(row).toContainText(`${address} (${text.otherLanguage})`);

      await row.getByRole('button', { name: text.deleteButton(address) }).click();
      await page.getByRole('dialog', { name: text.deleteDialog }).getByRole('button', { name: text.confirm }).click();
      await expect(page.getByRole('status').filter({ hasText: text.deleted })).toBeVisible();
      await expect(row).toHaveCount(0);
    });
  });
}
