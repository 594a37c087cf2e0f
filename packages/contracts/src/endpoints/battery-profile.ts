import {
  batteryProfileSchema,
  chargeSessionsSchema,
  profileParamsSchema,
  profileQuerySchema,
  profileSettingsBodySchema,
  profileSettingsSchema,
  profileSiteQuerySchema,
} from '../battery-profile';
import { endpoint } from '../endpoint';

/** A battery's profile, charge sessions and profiling settings. */
export const batteryProfileEndpoints = {
  profile: endpoint({
    method: 'GET',
    path: '/battery/Profile/:serial',
    params: profileParamsSchema,
    query: profileQuerySchema,
    response: batteryProfileSchema,
  }),
  chargeSessions: endpoint({
    method: 'GET',
    path: '/battery/Profile/:serial/sessions',
    params: profileParamsSchema,
    query: profileQuerySchema,
    response: chargeSessionsSchema,
  }),
  settings: endpoint({
    method: 'GET',
    path: '/battery/Profile/:serial/settings',
    params: profileParamsSchema,
    query: profileSiteQuerySchema,
    response: profileSettingsSchema,
  }),
  saveSettings: endpoint({
    method: 'POST',
    path: '/battery/Profile/:serial',
    params: profileParamsSchema,
    query: profileSiteQuerySchema,
    body: profileSettingsBodySchema,
    response: profileSettingsSchema,
  }),
};
