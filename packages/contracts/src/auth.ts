import { z } from 'zod';

export const SESSION_COOKIE = 'cbm_session';

export const loginBodySchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const authenticatedResponseSchema = z.object({ authenticated: z.boolean() });
export type AuthenticatedResponse = z.infer<typeof authenticatedResponseSchema>;

export const oidcStatusSchema = z.object({ enabled: z.boolean() });
