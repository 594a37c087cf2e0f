import { z } from 'zod';

export const THEMES = ['default', 'crown', 'markus', 'triathlon'] as const;
export const DEFAULT_THEME = 'default';
export const themeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof themeSchema>;
