import { benchApiThroughput } from './api-throughput';
import { benchCareBacktest } from './care-backtest';
import { benchDataExport } from './data-export';
import { benchEventQuery } from './event-query';
import { benchFirmwareCampaign } from './firmware-campaign';
import { benchFleetHealth } from './fleet-health';
import { benchIngestThroughput } from './ingest-throughput';
import { benchLiveStreamFanout } from './live-stream-fanout';
import { benchLiveView } from './live-view';
import { benchNoisyNeighbour } from './noisy-neighbour';
import { benchReportPdf } from './report-pdf';
import { benchReportUpload } from './report-upload';
import { benchStatistics } from './statistics';
import { benchThresholdEvaluation } from './threshold-evaluation';

/** `npm run bench`: every benchmark in turn; each prints its figures and their ratio to a baseline of the same run. */
const benchmarks: Record<string, () => Promise<void>> = {
  'api-throughput': benchApiThroughput,
  'live-view': benchLiveView,
  'live-stream-fanout': benchLiveStreamFanout,
  'fleet-health': benchFleetHealth,
  'ingest-throughput': benchIngestThroughput,
  'threshold-evaluation': benchThresholdEvaluation,
  'event-query': benchEventQuery,
  statistics: benchStatistics,
  'data-export': benchDataExport,
  'report-pdf': benchReportPdf,
  'report-upload': benchReportUpload,
  'firmware-campaign': benchFirmwareCampaign,
  'noisy-neighbour': benchNoisyNeighbour,
  'care-backtest': benchCareBacktest,
};

const only = process.argv[2];
for (const [name, run] of Object.entries(benchmarks)) {
  if (only && only !== name) continue;
  console.log(`\n== ${name}`);
  await run();
}
