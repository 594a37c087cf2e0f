import { DEMO_ORGANIZATIONS } from '@cbm/demo-fixtures/demo-sites';
import { describe, expect, it } from 'vitest';
import { DEMO_SEED, type FleetSite, generateFleet } from './demo-fleet';

const NOW = new Date('2026-11-21T10:00:00Z');
const DAY_MS = 86_400_000;
const SITES: FleetSite[] = DEMO_ORGANIZATIONS.flatMap((org) => org.regions.flatMap((region) => region.sites)).map(
  (_, index) => ({ id: 100 + index, index }),
);
const daysFromNow = (isoDate: string) => (Date.parse(`${isoDate}T00:00:00Z`) - NOW.getTime()) / DAY_MS;

describe('generateFleet', () => {
  const fleet = generateFleet(SITES, NOW);

  it('is the same for the same seed and reference time', () => {
    expect(generateFleet(SITES, NOW, DEMO_SEED)).toEqual(fleet);
    expect(JSON.stringify(generateFleet(SITES, NOW))).toBe(JSON.stringify(fleet));
  });

  it('differs for another seed', () => {
    expect(generateFleet(SITES, NOW, DEMO_SEED + 1).batteries).not.toEqual(fleet.batteries);
  });

  it('puts 300 batteries on the 10 demo sites, 30 each, with unique serials and displays', () => {
    expect(SITES).toHaveLength(10);
    expect(fleet.batteries).toHaveLength(300);
    for (const site of SITES) {
      expect(fleet.batteries.filter((battery) => battery.siteId === site.id)).toHaveLength(30);
    }
    expect(new Set(fleet.batteries.map((battery) => battery.serialNumber)).size).toBe(300);
    expect(new Set(fleet.displays.map((display) => display.displayId)).size).toBe(300);
    expect(new Set(fleet.chargers.map((charger) => charger.serialNumber)).size).toBe(fleet.chargers.length);
  });

  it('groups most batteries within their own site, and leaves some ungrouped', () => {
    const ungrouped = fleet.batteries.filter((battery) => battery.groupName === null);
    expect(ungrouped.length).toBeGreaterThan(0);
    expect(ungrouped.length).toBeLessThan(150);
    const groups = new Set(fleet.groups.map((group) => `${group.siteId}|${group.name}`));
    for (const battery of fleet.batteries.filter((candidate) => candidate.groupName !== null)) {
      expect(groups).toContain(`${battery.siteId}|${battery.groupName}`);
    }
  });

  it('connects chargers of the battery’s own site only', () => {
    const chargerSites = new Map(fleet.chargers.map((charger) => [charger.serialNumber, charger.siteId]));
    for (const battery of fleet.batteries.filter((candidate) => candidate.chargerSerial !== null)) {
      expect(chargerSites.get(battery.chargerSerial ?? '')).toBe(battery.siteId);
    }
  });

  it('has licences that have ended, some that end within 30 days, and long-running ones', () => {
    const days = fleet.displays.map((display) => daysFromNow(display.eolDate));
    expect(days.filter((day) => day < 0).length).toBeGreaterThan(0);
    expect(days.filter((day) => day >= 0 && day <= 30).length).toBeGreaterThan(0);
    expect(days.filter((day) => day > 30).length).toBeGreaterThan(150);
  });

  it('has erroring and offline batteries among plausible live values', () => {
    expect(fleet.batteries.some((battery) => battery.status === 'error' && battery.currentErrorCode)).toBe(true);
    expect(fleet.batteries.some((battery) => battery.status === 'offline')).toBe(true);
    for (const battery of fleet.batteries) {
      expect(battery.soc).toBeGreaterThanOrEqual(0);
      expect(battery.soc).toBeLessThanOrEqual(100);
      expect(Date.parse(battery.lastDataTimestamp)).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it('switches off the IoT module of exactly the offline batteries, which last reported hours ago', () => {
    const off = fleet.batteries.filter((battery) => battery.iotModuleOff);
    expect(off.length).toBeGreaterThan(0);
    expect(off).toEqual(fleet.batteries.filter((battery) => battery.status === 'offline'));
    for (const battery of off) expect(NOW.getTime() - Date.parse(battery.lastDataTimestamp)).toBeGreaterThan(3_600_000);
  });

  it('has 5 charger-station units with stations in two halls', () => {
    expect(fleet.mdloadUnits).toHaveLength(5);
    expect(new Set(fleet.mdloadUnits.map((unit) => unit.siteId)).size).toBe(5);
    for (const unit of fleet.mdloadUnits) {
      expect(unit.groups.map((group) => group.name)).toEqual(['Hall 1', 'Hall 2']);
      expect(unit.groups.every((group) => group.stations.length >= 3)).toBe(true);
    }
  });
});
