import { z } from 'zod';
import { UI_LANGUAGES, type UiLanguage } from './date-formats';
import { featureSchema } from './features';
import { sitePermissionSchema } from './site-permissions';
import { operatingSiteIdSchema } from './sites';
import { VALIDATION } from './validation-messages';

/** The feature that administers people: its holders manage the users of their organisation (decision 037). */
export const PEOPLE_ADMIN_FEATURE = 'cbm_osadmin' as const;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/** How long the link of an invitation mail stays valid. */
export const INVITATION_LINK_HOURS = 72;
/** How long the link of a password-reset mail stays valid. */
export const PASSWORD_RESET_LINK_HOURS = 1;
export const PERSON_NAME_MAX_LENGTH = 100;

export const PERSON_STATUSES = ['invited', 'active', 'disabled'] as const;
export const personStatusSchema = z.enum(PERSON_STATUSES);
export type PersonStatus = z.infer<typeof personStatusSchema>;

export const personEmailSchema = z
  .string({ error: () => VALIDATION.emailInvalid })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: () => VALIDATION.emailInvalid }).max(254))
  // The document describes what is sent, the pipe's input: without this it said a plain string.
  .meta({ format: 'email', maxLength: 254 });

const nameSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value.length > PERSON_NAME_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: VALIDATION.maxLength, params: { n: PERSON_NAME_MAX_LENGTH } });
    }
  })
  .default('');

/** The site rules a person holds at one operating site; being listed at all means access to the site. */
export const personSiteSchema = z.object({
  operatingSiteId: operatingSiteIdSchema,
  permissions: z.array(sitePermissionSchema).refine((p) => new Set(p).size === p.length, VALIDATION.duplicates),
});
export type PersonSite = z.infer<typeof personSiteSchema>;

const uniqueSites = (sites: readonly PersonSite[]) =>
  new Set(sites.map((site) => site.operatingSiteId)).size === sites.length;

/** Features and per-site access of a person: what an administrator sets, as a whole. */
export const personAccessSchema = z.object({
  features: z.array(featureSchema).refine((f) => new Set(f).size === f.length, VALIDATION.duplicates),
  sites: z.array(personSiteSchema).max(1000).refine(uniqueSites, VALIDATION.duplicates),
});
export type PersonAccess = z.infer<typeof personAccessSchema>;

export const invitationBodySchema = personAccessSchema.extend({
  email: personEmailSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  /** The language of the invitation mail; the request's language when left out. */
  language: z.enum(UI_LANGUAGES as [UiLanguage, ...UiLanguage[]]).optional(),
});
export type InvitationBody = z.input<typeof invitationBodySchema>;

export const personSchema = personAccessSchema.extend({
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: personStatusSchema,
  lastSignInAt: z.iso.datetime({ offset: true }).nullable(),
  /** Whether the asking administrator may change this person (their rights lie within the administrator's). */
  manageable: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

/** The people of the organisation of the site, and what the asking administrator may grant there. */
export const peopleResponseSchema = z.object({
  people: z.array(personSchema),
  grantable: z.object({
    features: z.array(featureSchema),
    sites: z.array(
      z.object({ operatingSiteId: z.number().int(), name: z.string(), permissions: z.array(sitePermissionSchema) }),
    ),
  }),
});
export type PeopleResponse = z.infer<typeof peopleResponseSchema>;

export const peopleQuerySchema = z.object({ operatingSiteId: operatingSiteIdSchema });
export const personParamsSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

/** The password rule as the form and the server share it; the server also refuses common passwords. */
export const newPasswordSchema = z.string({ error: () => VALIDATION.required }).superRefine((value, ctx) => {
  if (value.length < PASSWORD_MIN_LENGTH) {
    ctx.addIssue({ code: 'custom', message: VALIDATION.passwordTooShort, params: { n: PASSWORD_MIN_LENGTH } });
  } else if (value.length > PASSWORD_MAX_LENGTH) {
    ctx.addIssue({ code: 'custom', message: VALIDATION.maxLength, params: { n: PASSWORD_MAX_LENGTH } });
  }
});

/** Sets the password with the token of an invitation or password-reset link. */
export const setPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: newPasswordSchema,
});
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;
