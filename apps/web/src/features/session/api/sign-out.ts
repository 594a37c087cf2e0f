import { api } from '../../../lib/api-client';

export async function signOut() {
  await api<void>('/auth/logout', { method: 'POST' });
  window.location.assign('/signin');
}
