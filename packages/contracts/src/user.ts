import { z } from 'zod';
import { UI_LANGUAGES, type UiLanguage } from './date-formats';
import { featureSchema } from './features';
import { newPasswordSchema } from './people';
import { themeSchema } from './themes';

/** A language of the interface. */
export const uiLanguageSchema = z.enum(UI_LANGUAGES as [UiLanguage, ...UiLanguage[]]);

/** Which zone times show in: the operating site's (default) or the browser's (decision 084). */
export const CLOCKS = ['site', 'browser'] as const;
export const clockSchema = z.enum(CLOCKS);
export type Clock = z.infer<typeof clockSchema>;

export const userSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  theme: themeSchema,
  /** The language the user chose in the header; null until they choose (the browser's applies). */
  language: uiLanguageSchema.nullable(),
  clock: clockSchema,
  authorizedFeatures: z.array(featureSchema),
});
export type User = z.infer<typeof userSchema>;

export const themeUpdateBodySchema = z.object({ theme: themeSchema });
export type ThemeUpdateBody = z.infer<typeof themeUpdateBodySchema>;

/** The language the user chose; null goes back to the browser's. */
export const languageUpdateBodySchema = z.object({ language: uiLanguageSchema.nullable() });
export type LanguageUpdateBody = z.infer<typeof languageUpdateBodySchema>;

export const clockUpdateBodySchema = z.object({ clock: clockSchema });
export type ClockUpdateBody = z.infer<typeof clockUpdateBodySchema>;

/** Changing one's own password: the current one proves it is the user; the new one follows the password rule. */
export const passwordChangeBodySchema = z.object({
  currentPassword: z.string().max(1000),
  newPassword: newPasswordSchema,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBodySchema>;

/** One of the user's own sessions; `current` is the one asking. */
export const ownSessionSchema = z.object({
  sessionId: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
export const ownSessionsSchema = z.array(ownSessionSchema);
export const ownSessionQuerySchema = z.object({ sessionId: z.string().min(1).max(64) });
