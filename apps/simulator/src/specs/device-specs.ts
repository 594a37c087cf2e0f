import type { ShiftPlan } from '../physics/shift-schedule';

export interface SoftwareVersions {
  bsp: string;
  bam: string;
  boot: string;
  firmware: string;
  hardware: string;
  iotHmi: string;
  iotSw: string;
}

/** A battery to simulate: its static data (published as `info`) and where it starts. */
export interface BatterySpec {
  serialNumber: string;
  /** IANA time zone of the battery's site: shifts follow local time. */
  timezone: string;
  batteryType: string;
  capacityAh: number;
  nominalVoltage: number;
  nominalEnergyKwh?: number;
  product?: string;
  displayId?: string;
  hwSerial?: string;
  ecuSerialNumber?: string;
  versions?: Partial<SoftwareVersions>;
  cellType?: string;
  moduleCount?: number;
  moduleElectronic?: string;
  parameterSet?: string;
  productionDate?: string;
  trayNumber?: string;
  /** The monitored charger this battery is usually put on; others charge on unmonitored chargers. */
  chargerSerial?: string | null;
  soc?: number;
  soh?: number;
  shiftPlan?: ShiftPlan;
  /**
   * On the workshop bench instead of a truck: stands by, runs a short discharge test when a firmware
   * update waits for one, and flashes quickly (BENCH_FIRMWARE_TIMING). The demo has one (decision 010).
   */
  bench?: boolean;
}

export interface ChargerSpec {
  serialNumber: string;
  maxPowerKw: number;
}

export interface MdloadStationSpec {
  serialNumber: string;
  capacityAh: number;
  nominalVoltage: number;
}

/** A charger-station (load-management) unit: its stations charge batteries within the unit's power limit. */
export interface MdloadSpec {
  mdloadSerial: string;
  timezone: string;
  maxPowerKw: number;
  stations: MdloadStationSpec[];
  shiftPlan?: ShiftPlan;
}

export interface FleetDevices {
  batteries: BatterySpec[];
  chargers?: ChargerSpec[];
  mdloadUnits?: MdloadSpec[];
}
