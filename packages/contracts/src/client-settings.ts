import { z } from 'zod';

/** Server configuration the web app needs after sign-in. */
export const clientSettingsSchema = z.object({
  mapTileUrl: z.string(),
  oidcEnabled: z.boolean(),
  version: z.string(),
});
export type ClientSettings = z.infer<typeof clientSettingsSchema>;
