import { endpoint } from '../endpoint';
import {
  invitationBodySchema,
  peopleQuerySchema,
  peopleResponseSchema,
  personAccessSchema,
  personParamsSchema,
  personSchema,
  setPasswordBodySchema,
} from '../people';
import { twoFactorPolicySchema } from '../two-factor';

/** People of an organisation: invitations, access, disabling, password resets, the two-factor rule. */
export const peopleEndpoints = {
  twoFactorPolicy: endpoint({
    method: 'GET',
    path: '/people/two-factor-policy',
    query: peopleQuerySchema,
    response: twoFactorPolicySchema,
  }),
  setTwoFactorPolicy: endpoint({
    method: 'PUT',
    path: '/people/two-factor-policy',
    query: peopleQuerySchema,
    body: twoFactorPolicySchema,
    response: twoFactorPolicySchema,
  }),
  list: endpoint({ method: 'GET', path: '/people', query: peopleQuerySchema, response: peopleResponseSchema }),
  invite: endpoint({
    method: 'POST',
    path: '/people/invitations',
    query: peopleQuerySchema,
    body: invitationBodySchema,
    response: personSchema,
  }),
  resendInvitation: endpoint({
    method: 'POST',
    path: '/people/:userId/invitation',
    params: personParamsSchema,
    query: peopleQuerySchema,
  }),
  withdrawInvitation: endpoint({
    method: 'DELETE',
    path: '/people/:userId/invitation',
    params: personParamsSchema,
    query: peopleQuerySchema,
  }),
  access: endpoint({
    method: 'PUT',
    path: '/people/:userId/access',
    params: personParamsSchema,
    query: peopleQuerySchema,
    body: personAccessSchema,
    response: personSchema,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/people/:userId/disable',
    params: personParamsSchema,
    query: peopleQuerySchema,
    response: personSchema,
  }),
  enable: endpoint({
    method: 'POST',
    path: '/people/:userId/enable',
    params: personParamsSchema,
    query: peopleQuerySchema,
    response: personSchema,
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/people/:userId/password-reset',
    params: personParamsSchema,
    query: peopleQuerySchema,
  }),
  setPassword: endpoint({ method: 'POST', path: '/people/password', body: setPasswordBodySchema }),
};
