import { describe, expect, it } from 'vitest';
import { flattenOperatingSites } from './site-tree';
import type { SiteNode } from './sites';

const location = { latitude: 53.5, longitude: 9.9, timezone: 'Europe/Berlin', currency: 'EUR' };
const site = (operatingSiteId: number, name: string): SiteNode => ({
  operatingSiteId,
  name,
  type: 'operatingSite',
  location,
  children: [],
});
const node = (operatingSiteId: number, name: string, type: SiteNode['type'], children: SiteNode[]): SiteNode => ({
  operatingSiteId,
  name,
  type,
  children,
});

describe('flattenOperatingSites', () => {
  it('lists the leaves in tree order with their ancestors joined by " > "', () => {
    const tree = [
      node(1, 'Nordlicht Logistik GmbH', 'organization', [
        node(2, 'Region Nord', 'region', [site(3, 'Hamburg Hafen'), site(4, 'Bremen GVZ')]),
        node(5, 'Region Süd', 'region', [site(6, 'München Riem')]),
      ]),
      node(7, 'Alpen Intralogistik AG', 'organization', [site(8, 'Wien Süd')]),
    ];
    expect(flattenOperatingSites(tree)).toEqual([
      { operatingSiteId: 3, name: 'Hamburg Hafen', parents: 'Nordlicht Logistik GmbH > Region Nord', location },
      { operatingSiteId: 4, name: 'Bremen GVZ', parents: 'Nordlicht Logistik GmbH > Region Nord', location },
      { operatingSiteId: 6, name: 'München Riem', parents: 'Nordlicht Logistik GmbH > Region Süd', location },
      { operatingSiteId: 8, name: 'Wien Süd', parents: 'Alpen Intralogistik AG', location },
    ]);
  });

  it('gives a root site an empty parents path', () => {
    expect(flattenOperatingSites([site(1, 'Solo')])).toEqual([
      { operatingSiteId: 1, name: 'Solo', parents: '', location },
    ]);
  });

  it('leaves out inner nodes without sites below them', () => {
    expect(flattenOperatingSites([node(1, 'Empty', 'organization', [node(2, 'Empty region', 'region', [])])])).toEqual(
      [],
    );
    expect(flattenOperatingSites([])).toEqual([]);
  });

  it('stops at an operating site: it is a leaf even if it had children', () => {
    const odd = { ...site(1, 'Site'), children: [site(2, 'Below')] };
    expect(flattenOperatingSites([odd]).map((flat) => flat.name)).toEqual(['Site']);
  });
});
