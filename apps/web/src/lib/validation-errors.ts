import type { TFunction } from 'i18next';

interface Issue {
  path: PropertyKey[];
  message: string;
  params?: Record<string, unknown>;
}

/**
 * The first message per top-level field of a failed schema check, in the UI language: shared rules carry
 * a validation key and their values (e.g. validation.below with n), which the catalogue translates.
 */
export function fieldErrors(issues: readonly Issue[], t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= t(issue.message, { ...issue.params });
  }
  return errors;
}
