/**
 * `npm run service -- [flags]`: runs the reference Item Market Data Service on 127.0.0.1.
 * `--markets-json` prints the served marketplace names (after `--markets FILE`) and exits. `--help` lists
 * every flag.
 */
import { HELP, parseCli, type CliConfig } from './server/cli-options';

async function main(): Promise<void> {
  let cfg: CliConfig;
  try {
    cfg = parseCli(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${HELP}`);
    process.exitCode = 2;
    return;
  }
  if (cfg.help) {
    process.stdout.write(HELP);
    return;
  }
  if (cfg.marketsJson) {
    process.stdout.write(`${JSON.stringify(cfg.markets)}\n`);
    return;
  }
  const { startService } = await import('./index');
  const service = await startService({
    port: cfg.port,
    host: cfg.host,
    seed: cfg.seed,
    tokenTtlSeconds: cfg.tokenTtlSeconds,
    apiKeys: cfg.apiKeys,
    admin: cfg.admin,
    quiet: cfg.quiet,
    faults: cfg.faults,
    markets: cfg.markets,
    errorStyle: cfg.opaqueErrors ? 'opaque' : 'named',
    ...(cfg.maxMarketsPerRequest !== undefined ? { maxMarketsPerRequest: cfg.maxMarketsPerRequest } : {}),
    ...(cfg.requestsPerMinute !== undefined ? { requestsPerMinute: cfg.requestsPerMinute } : {}),
    ...(cfg.dataDir ? { dataDir: cfg.dataDir } : {}),
    ...(cfg.catalogSlice ? { catalogSlice: cfg.catalogSlice } : {}),
    ...(cfg.frozenClockMs !== undefined ? { clock: () => cfg.frozenClockMs! } : {}),
    ...(cfg.freezeMarkets.length > 0 ? { freezeMarkets: cfg.freezeMarkets } : {}),
    ...(cfg.plantOutliers > 0 ? { plantOutliers: cfg.plantOutliers } : {}),
    ...(cfg.plantRoutes > 0 ? { plantRoutes: cfg.plantRoutes } : {}),
  });
  const lines = [
    `Item Market Data Service (reference) listening on ${service.url}`,
    `  GraphQL: POST ${service.url}/api/v2/graphql`,
    `  REST:    POST ${service.url}/api/v2/rest/get-aggregated-min-prices (and 4 more)`,
    `  Demo API key: ${service.demoKey}`,
  ];
  lines.push(
    `  Markets: ${cfg.markets.minPrices.length} min-price, ${cfg.markets.maxOrders.length} max-order, ${cfg.markets.marketOrderAnalytics.length} order-analytics names${cfg.opaqueErrors ? '; 400 answers say only "Bad Request"' : ''}`,
  );
  if (cfg.maxMarketsPerRequest !== undefined)
    lines.push(`  At most ${cfg.maxMarketsPerRequest} names in one markets list (longer lists refused with 400)`);
  if (cfg.requestsPerMinute !== undefined)
    lines.push(`  Limit: ${cfg.requestsPerMinute} data requests a minute (429 with Retry-After past it)`);
  if (cfg.apiKeys.length > 0) lines.push(`  ${cfg.apiKeys.length} more API key(s) accepted`);
  if (cfg.admin) lines.push(`  Admin: POST ${service.url}/__admin/faults, ${service.url}/__admin/clock`);
  if (cfg.freezeMarkets.length > 0)
    lines.push(
      `  Test option: frozen market(s) ${cfg.freezeMarkets.join(', ')} (quotes stand still from the first answer on)`,
    );
  if (cfg.plantOutliers > 0)
    lines.push(
      `  Test option: ${cfg.plantOutliers} planted outlier(s) per game${cfg.admin ? `, listed by GET ${service.url}/__admin/outliers/<game id>` : ' (list them with --admin: GET /__admin/outliers/<game id>)'}`,
    );
  if (cfg.plantRoutes > 0)
    lines.push(
      `  Test option: ${cfg.plantRoutes} planted route(s) per game${cfg.admin ? `, listed by GET ${service.url}/__admin/routes/<game id>` : ' (list them with --admin: GET /__admin/routes/<game id>)'}`,
    );
  if (cfg.host !== '127.0.0.1' && cfg.host !== 'localhost' && cfg.host !== '::1') {
    lines.push(`  Warning: bound to ${cfg.host}, not loopback; the demo key works for anyone who can reach it.`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = (): void => {
    void service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`service failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
});
