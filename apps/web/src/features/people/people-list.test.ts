import type { Person } from '@cbm/contracts/people';
import { describe, expect, it } from 'vitest';
import { visiblePeople } from './people-list';

const person = (email: string, values: Partial<Person> = {}): Person => ({
  userId: email.length,
  email,
  firstName: '',
  lastName: '',
  status: 'active',
  lastSignInAt: null,
  features: [],
  sites: [],
  manageable: true,
  ...values,
});

const people = [
  person('zoe@example.com', { firstName: 'Zoe', lastSignInAt: '2026-11-20T10:00:00.000Z' }),
  person('ada@example.com', { firstName: 'Ada', status: 'invited', sites: [{ operatingSiteId: 4, permissions: [] }] }),
  person('bob@example.com', { firstName: 'Bob', status: 'disabled', lastSignInAt: '2026-11-21T10:00:00.000Z' }),
];
const siteName = (id: number) => (id === 4 ? 'Hamburg Hafen' : '');
const emails = (list: Person[]) => list.map((p) => p.email);

describe('visiblePeople', () => {
  it('matches every word in name, e-mail or site name, ignoring case', () => {
    expect(emails(visiblePeople(people, 'HAMBURG', { key: 'email', direction: 'ascending' }, siteName))).toEqual([
      'ada@example.com',
    ]);
    expect(emails(visiblePeople(people, 'zoe example', { key: 'email', direction: 'ascending' }, siteName))).toEqual([
      'zoe@example.com',
    ]);
    expect(visiblePeople(people, 'nobody', { key: 'email', direction: 'ascending' }, siteName)).toEqual([]);
  });

  it('sorts by name, status or last sign-in (never signed in first), either way', () => {
    const sorted = (key: 'name' | 'status' | 'lastSignIn', direction: 'ascending' | 'descending' = 'ascending') =>
      emails(visiblePeople(people, '', { key, direction }, siteName));
    expect(sorted('name')).toEqual(['ada@example.com', 'bob@example.com', 'zoe@example.com']);
    expect(sorted('status')).toEqual(['ada@example.com', 'zoe@example.com', 'bob@example.com']);
    expect(sorted('lastSignIn', 'descending')).toEqual(['bob@example.com', 'zoe@example.com', 'ada@example.com']);
  });
});
