import { endpoint } from '../endpoint';
import {
  recoveryCodesSchema,
  twoFactorConfirmBodySchema,
  twoFactorDisableBodySchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from '../two-factor';
import {
  clockUpdateBodySchema,
  languageUpdateBodySchema,
  ownSessionQuerySchema,
  ownSessionsSchema,
  passwordChangeBodySchema,
  themeUpdateBodySchema,
  userSchema,
} from '../user';

/** The signed-in user: settings, password, sessions, two-factor sign-in. */
export const userEndpoints = {
  get: endpoint({ method: 'GET', path: '/user', response: userSchema }),
  theme: endpoint({ method: 'PUT', path: '/user/theme', body: themeUpdateBodySchema, response: userSchema }),
  language: endpoint({ method: 'PUT', path: '/user/language', body: languageUpdateBodySchema, response: userSchema }),
  clock: endpoint({ method: 'PUT', path: '/user/clock', body: clockUpdateBodySchema, response: userSchema }),
  password: endpoint({ method: 'PUT', path: '/user/password', body: passwordChangeBodySchema }),
  sessions: endpoint({ method: 'GET', path: '/user/sessions', response: ownSessionsSchema }),
  endSession: endpoint({ method: 'DELETE', path: '/user/sessions', query: ownSessionQuerySchema }),
  twoFactor: endpoint({ method: 'GET', path: '/user/two-factor', response: twoFactorStatusSchema }),
  twoFactorEnrol: endpoint({ method: 'POST', path: '/user/two-factor', response: twoFactorEnrolmentSchema }),
  twoFactorConfirm: endpoint({
    method: 'POST',
    path: '/user/two-factor/confirm',
    body: twoFactorConfirmBodySchema,
    response: recoveryCodesSchema,
  }),
  twoFactorDisable: endpoint({ method: 'POST', path: '/user/two-factor/disable', body: twoFactorDisableBodySchema }),
};
