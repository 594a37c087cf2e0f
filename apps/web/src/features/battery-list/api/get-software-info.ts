import type { SoftwareInfo } from '@cbm/contracts/battery-list';
import { updatesEndpoints } from '@cbm/contracts/endpoints/updates';
import { RUNNING_JOB_STATUSES } from '@cbm/contracts/update-jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** How often the dialog looks again while a job runs. */
export const JOB_POLL_MS = 1000;

export const hasRunningJob = (info: SoftwareInfo | undefined) =>
  info?.jobs.some((job) => (RUNNING_JOB_STATUSES as readonly string[]).includes(job.status)) ?? false;

/** GET /battery/Update/{serial}: versions, expected versions and update jobs, refreshed while a job runs. */
export const softwareInfoQuery = (operatingSiteId: number, serial: string) =>
  queryOptions({
    queryKey: ['softwareInfo', operatingSiteId, serial],
    queryFn: () => call(updatesEndpoints.softwareInfo, { params: { serial }, query: { operatingSiteId } }),
  });

export const useSoftwareInfo = (operatingSiteId: number, serial: string) =>
  useQuery({
    ...softwareInfoQuery(operatingSiteId, serial),
    refetchInterval: (query) => (hasRunningJob(query.state.data) ? JOB_POLL_MS : false),
  });
