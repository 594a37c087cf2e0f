import type { Person } from '@cbm/contracts/people';

export type PeopleSortKey = 'name' | 'email' | 'status' | 'lastSignIn';
export interface PeopleSort {
  key: PeopleSortKey;
  direction: 'ascending' | 'descending';
}

export const personName = (person: Person) => `${person.firstName} ${person.lastName}`.trim();

const STATUS_ORDER = { invited: 0, active: 1, disabled: 2 } as const;

const compare: Record<PeopleSortKey, (a: Person, b: Person) => number> = {
  name: (a, b) => personName(a).localeCompare(personName(b)) || a.email.localeCompare(b.email),
  email: (a, b) => a.email.localeCompare(b.email),
  status: (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || a.email.localeCompare(b.email),
  // Never signed in counts as the oldest.
  lastSignIn: (a, b) => (a.lastSignInAt ?? '').localeCompare(b.lastSignInAt ?? '') || a.email.localeCompare(b.email),
};

/**
 * The users the search matches (any of its words in the name, the e-mail address or a site name, ignoring case),
 * in the chosen order.
 */
export function visiblePeople(
  people: readonly Person[],
  search: string,
  sort: PeopleSort,
  siteName: (siteId: number) => string,
): Person[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = (person: Person) =>
    [personName(person), person.email, ...person.sites.map((site) => siteName(site.operatingSiteId))]
      .join(' ')
      .toLowerCase();
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return people
    .filter((person) => words.every((word) => text(person).includes(word)))
    .sort((a, b) => sign * compare[sort.key](a, b));
}
