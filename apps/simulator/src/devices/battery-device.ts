import type { BatteryTelemetry, Command, DeviceEvent } from '@cbm/contracts/device-protocol';
import { type Random, seededRandom, seedFrom } from '@cbm/demo-fixtures/random';
import {
  advanceBattery,
  type BatterySim,
  batteryEvent,
  batteryTelemetry,
  REMOTE_DEBUGGING,
} from '../battery/battery-sim';
import type { ChargingPoints } from '../battery/charging-points';
import { datalogFiles, uploadDatalog, zipFiles } from '../commands/datalog';
import { downloadVerifiedImage } from '../commands/firmware-download';
import {
  BENCH_FIRMWARE_TIMING,
  cancelFirmwareJob,
  downloadFinished,
  type FirmwareFaults,
  type FirmwareTiming,
  failsInstall,
  INSTALL_FAULT,
  isReplaceable,
  isRunning,
  type JobUpdate,
  startFirmwareJob,
} from '../commands/firmware-job';
import type { SoftwareVersions } from '../specs/device-specs';
import type { DeviceAddress } from '../transport/transport';
import { batteryInfo } from './battery-info';
import { announceOnline, type DeviceContext, type HostedDevice, publishSample, reply } from './hosted-device';

export interface DropOuts {
  meanDaysBetween: number;
  meanMinutes: number;
}

export interface BatteryDeviceOptions {
  points: ChargingPoints;
  timing: FirmwareTiming;
  /** Recent samples kept for a datalog upload. */
  datalogSamples: number;
  dropOuts: DropOuts | null;
  firmwareFaults: FirmwareFaults | null;
}

/** While a bench battery updates, it reports this often (simulated ms) instead of once per interval. */
const BENCH_TICK_MS = 1000;

const remember = <T>(list: T[], item: T, limit: number) => {
  list.push(item);
  if (list.length > limit) list.shift();
};

/** A virtual battery on the fleet's transport. A class, not closures: a load test holds 100,000. */
export class BatteryDevice implements HostedDevice {
  readonly address: DeviceAddress;
  private readonly versions: Partial<SoftwareVersions>;
  private readonly samples: BatteryTelemetry[] = [];
  private readonly events: DeviceEvent[] = [];
  private readonly network: Random | null;
  /** The version a running firmware update installs, reported in info once it has finished. */
  private pendingVersion: { commandId: string; version: string } | null = null;
  private lastJobUpdate: JobUpdate | null = null;
  private readonly timing: FirmwareTiming;
  private benchTick: (() => void) | null = null;
  private announced = false;
  private lastTickMs: number;

  constructor(
    readonly sim: BatterySim,
    private readonly context: DeviceContext,
    private readonly options: BatteryDeviceOptions,
  ) {
    this.address = { deviceClass: 'battery', serial: sim.spec.serialNumber };
    this.versions = { ...sim.spec.versions };
    this.network = options.dropOuts && !sim.spec.bench ? seededRandom(seedFrom(sim.spec.serialNumber, 1)) : null;
    this.timing = sim.spec.bench ? BENCH_FIRMWARE_TIMING : options.timing;
    this.lastTickMs = sim.lastMs;
  }

  announce() {
    this.announced = true;
    announceOnline(this.context, this.address, this.info());
  }

  tick() {
    if (!this.announced) this.announce();
    this.simulateToNow();
    this.sample(false);
    const minutes = (this.sim.lastMs - this.lastTickMs) / 60_000;
    this.lastTickMs = this.sim.lastMs;
    const { dropOuts } = this.options;
    if (dropOuts && this.network?.chance(minutes / (dropOuts.meanDaysBetween * 1440))) {
      this.context.transport.dropOut(this.address, this.network.exponential(dropOuts.meanMinutes) * 60_000);
    }
  }

  command(command: Command) {
    this.simulateToNow();
    const { context, address, sim } = this;
    switch (command.type) {
      case 'refresh':
        this.sample(true);
        return reply(context, address, command.id, 'done');
      case 'remoteDebugging': {
        const untilMs = Date.parse(command.until);
        if (untilMs <= sim.lastMs) {
          return reply(context, address, command.id, 'rejected', { detail: 'until lies in the past' });
        }
        if (sim.remoteDebuggingUntil === null) this.publishEvent(batteryEvent(sim, sim.lastMs, REMOTE_DEBUGGING, true));
        sim.remoteDebuggingUntil = untilMs;
        return reply(context, address, command.id, 'accepted', { detail: `SSH enabled until ${command.until}` });
      }
      case 'datalogUpload': {
        reply(context, address, command.id, 'accepted');
        const zip = zipFiles(datalogFiles(sim.spec.serialNumber, this.samples, this.events));
        void uploadDatalog(command.uploadUrl, zip).then((failure) =>
          reply(context, address, command.id, failure ? 'failed' : 'done', failure ? { detail: failure } : {}),
        );
        return;
      }
      case 'firmwareUpdate': {
        // A copy of a command (QoS 1) is answered with where its job stands, not started again.
        if (sim.firmware?.commandId === command.id) {
          if (this.lastJobUpdate) this.publishJobUpdate(this.lastJobUpdate);
          return;
        }
        if (!isReplaceable(sim.firmware)) {
          return reply(context, address, command.id, 'rejected', {
            jobStatus: 'rejected',
            detail: 'another update is being installed',
          });
        }
        const fault = failsInstall(this.options.firmwareFaults, sim.spec.serialNumber, command.version);
        const started = startFirmwareJob(command.id, command.jobId, sim.lastMs, fault ? INSTALL_FAULT : null);
        sim.firmware = started.job;
        this.pendingVersion = command.version ? { commandId: command.id, version: command.version } : null;
        for (const update of started.updates) this.publishJobUpdate(update);
        void downloadVerifiedImage(command.downloadUrl, command.sha256, command.expiresAt).then((failure) => {
          if (sim.firmware?.commandId !== command.id) return;
          this.simulateToNow();
          const step = downloadFinished(sim.firmware, sim.lastMs, failure);
          sim.firmware = step.job;
          for (const update of step.updates) this.publishJobUpdate(update);
        });
        this.scheduleBenchTick();
        return;
      }
      case 'firmwareCancel': {
        const answer = cancelFirmwareJob(sim.firmware, command.jobId);
        if (answer.job !== sim.firmware) {
          sim.firmware = answer.job;
          this.pendingVersion = null;
        }
        return reply(context, address, command.id, answer.result, { detail: answer.detail });
      }
    }
  }

  /** The bench reports every second while an update runs, so the demo walks a job through in seconds. */
  private scheduleBenchTick() {
    if (!this.sim.spec.bench || this.benchTick || !isRunning(this.sim.firmware)) return;
    this.benchTick = this.context.clock.after(BENCH_TICK_MS, () => {
      this.benchTick = null;
      this.simulateToNow();
      this.sample(false);
      this.scheduleBenchTick();
    });
  }

  private info() {
    return batteryInfo(this.sim.spec, this.versions, this.context.clock.now());
  }

  private simulateToNow() {
    const step = advanceBattery(this.sim, this.context.clock.now(), this.options.points, this.timing);
    for (const event of step.events) this.publishEvent(event);
    for (const update of step.jobUpdates) this.publishJobUpdate(update);
  }

  private sample(force: boolean) {
    const payload = publishSample(this.context, this.address, () => batteryTelemetry(this.sim), force);
    if (payload) remember(this.samples, payload as BatteryTelemetry, this.options.datalogSamples);
  }

  private publishEvent(event: DeviceEvent) {
    this.context.transport.publish(this.address, 'event', event);
    remember(this.events, event, Math.max(50, this.options.datalogSamples));
  }

  private publishJobUpdate(update: JobUpdate) {
    const { commandId, result, jobStatus, detail } = update;
    this.lastJobUpdate = update;
    reply(this.context, this.address, commandId, result, { jobStatus, ...(detail ? { detail } : {}) });
    if (jobStatus === 'successfully finished' && this.pendingVersion?.commandId === commandId) {
      this.versions.firmware = this.pendingVersion.version;
      this.pendingVersion = null;
      this.context.transport.publish(this.address, 'info', this.info(), true);
    }
  }
}
