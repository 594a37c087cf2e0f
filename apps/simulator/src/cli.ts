import { parseCliOptions, USAGE } from './cli/cli-options';
import { provisionFleetAt, simulatorGatewaySerial, waitForBrokerAccess } from './cli/provision';
import { syntheticBatteries } from './cli/synthetic-fleet';
import { startFleet } from './fleet/start-fleet';
import { ACKNOWLEDGED_LINE, AcknowledgedLedger } from './transport/acknowledged-ledger';
import type { FleetCounters } from './transport/transport';

async function main() {
  if (process.argv.includes('--help')) return console.log(USAGE);
  const options = parseCliOptions(process.argv.slice(2));
  const batteries = syntheticBatteries(options.batteries, options.sitePrefix, options.timezone);
  let gateway = options.gateway;
  if (options.provision) {
    const { databaseUrl, siteId } = options.provision;
    const provisioned = await provisionFleetAt(
      databaseUrl,
      siteId,
      batteries,
      simulatorGatewaySerial(options.sitePrefix),
    );
    gateway = provisioned.gateway;
    console.log(
      `Provisioned ${provisioned.inserted} new batteries into site ${siteId}; connecting as ${gateway.username} ` +
        '(new credentials at every run, the previous ones no longer work).',
    );
  }
  const clientIdPrefix = `cbm-load-${options.sitePrefix}`;
  await waitForBrokerAccess(options.brokerUrl, gateway, clientIdPrefix, gateway ? 15_000 : 3_000);
  const ledger = options.ledgerResolutionMs === null ? undefined : new AcknowledgedLedger(options.ledgerResolutionMs);
  const fleet = startFleet({
    brokerUrl: options.brokerUrl,
    devices: { batteries },
    intervalMs: options.intervalMs,
    speed: options.speed,
    ...(options.connections === null ? {} : { connections: options.connections }),
    clientIdPrefix,
    logins: { gateway },
    datalogSamples: 1,
    ...(ledger && { ledger }),
  });
  const connections =
    options.connections === null ? `${options.batteries} connections` : `${options.connections} shared connections`;
  console.log(
    `Simulating ${options.batteries} batteries every ${options.intervalMs} ms over ${connections} to ${options.brokerUrl}`,
  );
  await fleet.ready;
  const startedAt = performance.now();
  let previous = { ...fleet.counters, at: startedAt };
  const report = () => {
    const now = performance.now();
    const seconds = (now - previous.at) / 1000;
    const rate = (key: Exclude<keyof FleetCounters, 'ledger'>) =>
      Math.round((fleet.counters[key] - previous[key]) / seconds);
    const { sent, acked, failed, skipped, connectionLosses } = fleet.counters;
    console.log(
      `${Math.round((now - startedAt) / 1000)}s  sent ${rate('sent')}/s  acked ${rate('acked')}/s  ` +
        `unacked ${sent - acked - failed}  skipped ${skipped}  failed ${failed}  connection losses ${connectionLosses}`,
    );
    previous = { ...fleet.counters, at: now };
  };
  const timer = setInterval(report, options.statsEveryMs);
  const stop = async () => {
    clearInterval(timer);
    report();
    await fleet.stop();
    const { sent, acked } = fleet.counters;
    if (ledger) console.log(`${ACKNOWLEDGED_LINE} ${JSON.stringify(ledger.counts())}`);
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(
      `Stopped after ${Math.round(seconds)} s: ${sent} sent, ${acked} acknowledged (${Math.round(acked / seconds)}/s).`,
    );
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (options.durationMs !== null) setTimeout(stop, options.durationMs);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(`\n${USAGE}`);
  process.exit(1);
});
