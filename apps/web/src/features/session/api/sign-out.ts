import { authEndpoints } from '@cbm/contracts/endpoints/auth';
import { call } from '../../../lib/api-client';

export async function signOut() {
  await call(authEndpoints.logout);
  window.location.assign('/signin');
}
