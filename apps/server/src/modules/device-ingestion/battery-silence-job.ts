import { SILENT_AFTER_MINUTES } from '@cbm/contracts/fleet-health';
import type { Database } from '../../db/database';
import type { PeriodicJob } from '../../jobs/job-scheduler';
import { batteryIngestRepository } from './battery-ingest-repository';
import type { BatteryState } from './battery-state';

export const BATTERY_SILENCE_JOB = 'battery-silence';

/**
 * One notion of silent (decision 110), on one replica per run (app.jobs): a battery that has reported before
 * but not for SILENT_AFTER_MINUTES gets the status 'silent'. The battery's triggers count it offline in fleet
 * health, the live view and needs attention read the same row, and `onSilent` pushes the change to the live
 * streams. Its next data derives its status anew (ingestion), which ends the silence.
 */
export function batterySilenceJob(options: {
  db: Database;
  everyMs: number;
  onSilent(batteries: BatteryState[]): void;
}): PeriodicJob {
  return {
    name: BATTERY_SILENCE_JOB,
    everyMs: options.everyMs,
    async run() {
      const silent = await options.db.transaction(async (tx) => {
        const repository = batteryIngestRepository(tx);
        const batteries = await repository.lockSilent(SILENT_AFTER_MINUTES);
        for (const battery of batteries) battery.status = 'silent';
        await repository.updateLiveState(batteries);
        return batteries;
      });
      if (silent.length > 0) options.onSilent(silent);
    },
  };
}
