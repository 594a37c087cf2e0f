import { authenticatedResponseSchema, loginBodySchema } from '../auth';
import { endpoint } from '../endpoint';
import {
  loginCodeBodySchema,
  loginSecondStepSchema,
  recoveryCodesSchema,
  twoFactorEnrolmentSchema,
} from '../two-factor';

/** Signing in and out (with the second step of two-factor sign-in); public. */
export const authEndpoints = {
  authenticated: endpoint({ method: 'GET', path: '/authenticated', response: authenticatedResponseSchema }),
  login: endpoint({ method: 'POST', path: '/auth/login', body: loginBodySchema, response: loginSecondStepSchema }),
  logout: endpoint({ method: 'POST', path: '/auth/logout' }),
  loginEnrolment: endpoint({ method: 'POST', path: '/auth/login/enrolment', response: twoFactorEnrolmentSchema }),
  loginCode: endpoint({
    method: 'POST',
    path: '/auth/login/code',
    body: loginCodeBodySchema,
    response: recoveryCodesSchema,
  }),
};
