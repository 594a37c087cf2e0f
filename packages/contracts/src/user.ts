import { z } from 'zod';
import { featureSchema } from './features';
import { themeSchema } from './themes';

export const userSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  theme: themeSchema,
  authorizedFeatures: z.array(featureSchema),
});
export type User = z.infer<typeof userSchema>;

export const themeUpdateBodySchema = z.object({ theme: themeSchema });
export type ThemeUpdateBody = z.infer<typeof themeUpdateBodySchema>;
