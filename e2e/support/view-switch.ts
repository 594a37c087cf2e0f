import type { Page } from '@playwright/test';

/** A segment of a live view's grid/list switch: it shows an icon named by hidden text (and a tooltip), so it is clicked by its label. */
export const viewSegment = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: 'View' }).locator('label').filter({ hasText: name });
