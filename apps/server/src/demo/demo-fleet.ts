import { BATTERY_MODELS, nominalEnergyKwh, SOFTWARE_VERSIONS } from '@cbm/demo-fixtures/battery-models';
import { type Random, seededRandom } from '@cbm/demo-fixtures/random';
import { ERROR_CODES } from '@cbm/device-model/battery-alarms';
import { DEMO_WEAR_SPREAD, demoSoh } from './demo-wear';

export const DEMO_SEED = 20_261_121;
const BATTERIES_PER_SITE = 30;
const DAY_MS = 86_400_000;
const GROUP_NAMES = ['Warehouse A', 'Warehouse B', 'Cold store', 'Loading dock', 'Night shift'];
const LIVE_STATES = ['charging', 'discharging', 'standby', 'idle'] as const;

export interface FleetSite {
  id: number;
  index: number;
}

export interface DemoBattery {
  serialNumber: string;
  siteId: number;
  groupName: string | null;
  name: string;
  batteryType: string;
  product: string;
  displayId: string;
  hwSerial: string;
  ecuSerialNumber: string;
  versions: (typeof SOFTWARE_VERSIONS)['current'];
  cellType: string;
  capacityAh: number;
  nominalEnergyKwh: number;
  nominalVoltage: number;
  moduleCount: number;
  moduleElectronic: string;
  parameterSet: string;
  productionDate: string;
  trayNumber: string;
  operatingLimitEnergyKwh: number;
  operatingLimitHours: number;
  operatingLimitMonths: number;
  totalOperatingMonths: number;
  powerLimitKw: number;
  profileAvailableFrom: string | null;
  chargerSerial: string | null;
  nextServiceDate: string;
  status: string;
  soc: number;
  soh: number;
  stackVoltage: number;
  cellTemperature: [number, number];
  cellVoltage: [number, number];
  lastDataTimestamp: string;
  currentErrorCode: string | null;
  lastErrorAt: string | null;
  /** On the workshop bench: the simulator keeps it in standby and completes firmware updates within seconds. */
  bench?: boolean;
  /**
   * Its IoT module is switched off (parked, out of coverage): offline since its last data, hours ago. The
   * simulator leaves it silent, so the demo keeps batteries that really are offline and do not answer commands.
   */
  iotModuleOff?: boolean;
}

export interface DemoFleet {
  groups: { siteId: number; name: string }[];
  chargers: { siteId: number; serialNumber: string; cid: string; name: string; model: string; maxPowerKw: number }[];
  displays: { siteId: number; displayId: string; hardwareSerialNumber: string; eolDate: string }[];
  batteries: DemoBattery[];
  mdloadUnits: DemoMdloadUnit[];
}

export interface DemoMdloadUnit {
  siteId: number;
  mdloadSerial: string;
  name: string;
  maxPowerKw: number;
  groups: { name: string; stations: DemoStation[] }[];
}

export interface DemoStation {
  name: string;
  batteryModel: string;
  serialNumber: string;
  /** The charger assigned to it, none for the stations after the site's chargers but one. */
  chargerSerial: string | null;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The demo fleet for the given operating sites: deterministic from the seed and the reference time. */
export function generateFleet(sites: FleetSite[], now: Date, seed = DEMO_SEED): DemoFleet {
  const random = seededRandom(seed);
  const fleet: DemoFleet = { groups: [], chargers: [], displays: [], batteries: [], mdloadUnits: [] };
  for (const site of sites) {
    const groupNames = GROUP_NAMES.slice(0, random.int(2, 3));
    fleet.groups.push(...groupNames.map((name) => ({ siteId: site.id, name })));
    const chargers = Array.from({ length: 6 }, (_, n) => ({
      siteId: site.id,
      serialNumber: `CH-${pad(site.index, 2)}${pad(n + 1, 3)}`,
      cid: `CID${pad(site.index * 100 + n + 1, 5)}`,
      name: `Charger ${n + 1}`,
      model: random.pick(['ProCharge 3', 'ProCharge 5', 'FastCharge 8']),
      maxPowerKw: random.pick([3, 5, 8]),
    }));
    fleet.chargers.push(...chargers);
    for (let n = 1; n <= BATTERIES_PER_SITE; n++) {
      const battery = demoBattery(random, site, n, now, random.chance(0.8) ? random.pick(groupNames) : null);
      battery.chargerSerial = random.chance(0.7) ? random.pick(chargers).serialNumber : null;
      if (site.index === 0 && n === BATTERIES_PER_SITE) markBench(battery);
      fleet.batteries.push(battery);
      fleet.displays.push({
        siteId: site.id,
        displayId: battery.displayId,
        hardwareSerialNumber: `HW-${battery.serialNumber}`,
        eolDate: licenceEnd(random, now),
      });
    }
    if (site.index < 5) fleet.mdloadUnits.push(demoMdloadUnit(random, site, chargers));
  }
  return fleet;
}

function demoBattery(random: Random, site: FleetSite, n: number, now: Date, groupName: string | null): DemoBattery {
  const model = random.pick(BATTERY_MODELS);
  const serialNumber = `2${pad(site.index, 2)}${pad(n, 4)}`;
  const soc = round(random.between(8, 100), 1);
  const cellVoltage = round(3.1 + soc / 500, 3);
  const erroring = random.chance(0.04);
  const recentError = erroring || random.chance(0.08);
  const offline = !erroring && random.chance(0.06);
  const ageMonths = random.int(3, 60);
  return {
    serialNumber,
    siteId: site.id,
    groupName,
    name: `${site.index < 7 ? 'Stapler' : 'Truck'} ${pad(n, 2)}`,
    batteryType: model.type,
    product: model.product,
    displayId: `D${serialNumber}`,
    hwSerial: `HS${pad(site.index * 1000 + n, 6)}`,
    ecuSerialNumber: `ECU${pad(site.index * 1000 + n, 7)}`,
    versions: random.chance(0.25) ? SOFTWARE_VERSIONS.previous : SOFTWARE_VERSIONS.current,
    cellType: model.cellType,
    capacityAh: model.capacityAh,
    nominalEnergyKwh: nominalEnergyKwh(model),
    nominalVoltage: model.nominalVoltage,
    moduleCount: model.moduleCount,
    moduleElectronic: model.moduleElectronic,
    parameterSet: model.parameterSet,
    productionDate: isoDate(now.getTime() - ageMonths * 30 * DAY_MS),
    trayNumber: `T${random.int(1, 40)}`,
    operatingLimitEnergyKwh: Math.round(nominalEnergyKwh(model) * 3000),
    operatingLimitHours: 20_000,
    operatingLimitMonths: 96,
    totalOperatingMonths: ageMonths,
    powerLimitKw: round(model.nominalVoltage * model.capacityAh * 0.0005, 1),
    profileAvailableFrom: random.chance(0.5) ? isoDate(now.getTime() - random.int(30, 400) * DAY_MS) : null,
    chargerSerial: null,
    nextServiceDate: isoDate(now.getTime() + random.int(-10, 300) * DAY_MS),
    status: erroring ? 'error' : offline ? 'offline' : random.pick(LIVE_STATES),
    soc,
    // The ageing model's wear of its usage profile over its age (decision 135).
    soh: round(demoSoh(serialNumber, ageMonths, random.between(1 - DEMO_WEAR_SPREAD, 1 + DEMO_WEAR_SPREAD)), 1),
    stackVoltage: round((model.nominalVoltage / 3.2) * cellVoltage, 2),
    cellTemperature: [round(random.between(14, 22), 1), round(random.between(23, 36), 1)],
    cellVoltage: [round(cellVoltage - 0.012, 3), round(cellVoltage + 0.009, 3)],
    lastDataTimestamp: new Date(
      now.getTime() - (offline ? random.int(2, 72) * 3_600_000 : random.int(5, 300) * 1000),
    ).toISOString(),
    currentErrorCode: erroring ? random.pick(ERROR_CODES) : null,
    lastErrorAt: recentError ? new Date(now.getTime() - random.int(1, 1380) * 60_000).toISOString() : null,
    ...(offline && { iotModuleOff: true }),
  };
}

/** The demo's bench battery (decision 010): a deterministic target for trying a software update. */
function markBench(battery: DemoBattery) {
  battery.bench = true;
}

/** Licence ends: most run for years, some end within a month, some have ended. */
function licenceEnd(random: Random, now: Date): string {
  const roll = random.next();
  const days = roll < 0.1 ? -random.int(1, 120) : roll < 0.2 ? random.int(1, 30) : random.int(60, 1100);
  return isoDate(now.getTime() + days * DAY_MS);
}

/** The first stations get the site's chargers, one each, except its last: a free charger and free stations remain. */
function demoMdloadUnit(random: Random, site: FleetSite, chargers: { serialNumber: string }[]): DemoMdloadUnit {
  const mdloadSerial = `MDL-${pad(site.index + 1, 4)}`;
  const assignable = chargers.slice(0, -1).map((charger) => charger.serialNumber);
  let stationIndex = 0;
  return {
    siteId: site.id,
    mdloadSerial,
    name: `Load manager ${site.index + 1}`,
    maxPowerKw: random.pick([60, 90, 120]),
    groups: ['Hall 1', 'Hall 2'].map((groupName, g) => ({
      name: groupName,
      stations: Array.from({ length: random.int(3, 4) }, (_, s) => ({
        name: `Station ${g + 1}.${s + 1}`,
        batteryModel: random.pick(BATTERY_MODELS).type,
        serialNumber: `${mdloadSerial}-S${g + 1}${s + 1}`,
        chargerSerial: assignable[stationIndex++] ?? null,
      })),
    })),
  };
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}
