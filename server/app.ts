// Composes the Hono application: security headers, the envelope for every error, sessions,
// the declared routes (static and from resource files), the JSON 404 and the console.
import { Hono, type Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Conn, Db } from './db/connection.ts';
import type { AppEnv } from './http/context.ts';
import { ApiError, Code, replyError } from './http/envelope.ts';
import { authenticate } from './http/auth.ts';
import { handlerOf, mountRoutes, type RouteDef } from './http/route.ts';
import { serveConsole } from './http/static.ts';
import { compressAnswers } from './http/compress.ts';
import { startLogs } from './logs/logs.ts';
import { logRoutes } from './routes/logs.ts';
import { statisticsRoutes } from './routes/statistics.ts';
import { corpSettingRoutes } from './routes/corp-settings.ts';
import { alarmNotificationRoutes } from './routes/alarm-contacts.ts';
import { startNotifier } from './notify/dispatch.ts';
import type { RegistryHolder } from './registry/holder.ts';
import { SessionStore } from './domain/auth/sessions.ts';
import { syncMenus } from './domain/menus/sync.ts';
import { ResourceEngine } from './resources/engine.ts';
import { resourceRoutes } from './resources/routes.ts';
import { sessionRoutes } from './routes/session.ts';
import { menuRoutes } from './routes/menu.ts';
import { uiRoutes } from './routes/ui.ts';
import { domainHooks, domainRoutes } from './routes/domain.ts';
import { ruleRoutes } from './routes/rules.ts';
import { departureRuleRoutes } from './routes/rules-departure.ts';
import { waybillRuleRoutes } from './routes/rules-waybill.ts';
import { businessPersonalRoutes } from './routes/business-personal-set.ts';
import { evaluateRoutes } from './routes/evaluate.ts';
import { delegateRuleRoutes } from './routes/rules-delegate.ts';
import { stowageRuleRoutes } from './routes/rules-stowage.ts';
import { lossPlanRoutes } from './routes/rules-loss-plan.ts';
import { fixedLineExportRoutes, fixedLineRoutes } from './routes/fixed-lines.ts';
import { timedRuleRoutes } from './routes/rules-timed.ts';
import { createJobRunner } from './jobs/index.ts';
import { intervalFrom } from './jobs/runner.ts';
import { checkRuleRoutes } from './routes/rules-check.ts';
import { prescriptionRuleRoutes } from './routes/rules-prescription.ts';
import { accessRuleRoutes } from './routes/rules-access.ts';
import { factoryShipmentRoutes } from './routes/rules-factory.ts';
import { fileRoutes } from './routes/files.ts';
import { uploadCenterRoutes } from './routes/upload-center.ts';
import { shellRoutes } from './routes/shell.ts';
import { orderRoutes } from './routes/order-info.ts';
import { orderMoreRoutes } from './routes/order-more.ts';
import { waybillRoutes } from './routes/waybill.ts';
import { waybillActionRoutes } from './routes/waybill-action.ts';
import { trackRoutes } from './routes/track.ts';
import { waybillMoreRoutes } from './routes/waybill-more.ts';
import { transferRoutes } from './routes/transfer.ts';
import { settlementBillRoutes } from './routes/settlement-bills.ts';
import { settlementPaymentRoutes } from './routes/settlement-payments.ts';
import { settlementEstimateRoutes } from './routes/settlement-estimates.ts';
import { reportRoutes } from './routes/report.ts';
import { electronicRoutes } from './routes/electronic.ts';
import { fenceManageRoutes } from './routes/fence-manage.ts';
import { alarmResultRoutes } from './routes/alarm-result.ts';
import { driverAlarmRoutes } from './routes/alarm-driver.ts';
import { exportCenterRoutes } from './routes/export-center.ts';
import { poultryCostRoutes } from './routes/poultry-cost-export.ts';
import { importCenterRoutes } from './routes/import-center.ts';
import type { ImportTiming } from './imports/queue.ts';
import type { QueueTiming } from './exports/queue.ts';
import { messageCenterRoutes } from './routes/message-center.ts';
import { alarmWindows } from './alarms/read.ts';
import { flashRoutes } from './routes/flash.ts';
import { alarmSettingRoutes } from './routes/alarm-settings.ts';
import { terminalCredentialRoutes } from './routes/terminal-credential.ts';
import { mapRoutes } from './routes/map.ts';
import { lookupRoutes } from './routes/lookups.ts';
import { areaLinkRoutes } from './routes/area-links.ts';
import { storeLocationRoutes } from './routes/store-location.ts';
import { orderDistanceRoutes } from './routes/order-distance.ts';
import { settlementRoutes } from './routes/settlement.ts';
import { settlementDeductionRoutes } from './routes/settlement-deductions.ts';
import { gatewayRoutes } from './routes/gateway.ts';
import { vehicleMonitorRoutes } from './routes/vehicle-monitor.ts';
import { fleetMapRoutes } from './routes/fleet-map.ts';
import { contentSecurityPolicyFor, mapSettingsFrom, type MapSettings } from './map/sources.ts';
import { startLiveRelay } from './tracking/live-relay.ts';
import { startQueryRelay } from './gateway/jt808/query-relay.ts';

/**
 * Scripts only from this origin. 'unsafe-eval' is needed because ajv compiles the forms' JSON
 * Schemas (from our own server) into functions; inline scripts stay forbidden, so an injected
 * string still has no way to run. Styles may be inline: Fluent UI injects them at run time.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'unsafe-eval'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  workerSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
};

export interface AppOptions {
  db: Db;
  registry: RegistryHolder;
  /** Folder of the built console; tests leave it out. */
  consoleDir?: string;
  /** Where uploaded files are written. */
  filesDir: string;
  /** The map sources the console offers (and the CSP lets through); default: from the environment. */
  mapSettings?: MapSettings;
  /** The export runner's heartbeat and take-over times (exports/queue.ts); default the production ones. */
  exportTiming?: QueueTiming;
  /** The import runner's heartbeat and stale times (imports/queue.ts); default the production ones. */
  importTiming?: ImportTiming;
  /**
   * Milliseconds between two runs of the periodic sweeps (server/jobs); default HUOYUN_JOBS_INTERVAL or
   * a minute. null: no background timers at all (the sweeps, and the notifications' retry timer): the
   * caller runs them (`jobs.runOnce(now)`, drainNotifications), as the tests do at moments they choose.
   */
  jobsIntervalMs?: number | null;
  /**
   * Whether this instance exchanges live positions (tracking/live-relay.ts) and terminal location queries
   * (gateway/jt808/query-relay.ts) with the other instances on the database, each over a listening
   * connection of its own on PostgreSQL. The server's entry (scripts/serve.ts) turns it on; in-process
   * apps (tests, benchmarks), each alone on its database, leave it off.
   */
  relays?: boolean;
}

export async function createApp({ db, registry, consoleDir, filesDir, mapSettings = mapSettingsFrom(process.env), exportTiming, importTiming, jobsIntervalMs = intervalFrom(process.env), relays = false }: AppOptions) {
  const sessions = new SessionStore(db);
  await syncMenus(db, registry.get().menus);
  const engine = new ResourceEngine(db, registry.get, domainHooks(db, registry.get), async (id) => {
    if (id === 'user' || id === 'role') await sessions.invalidate();
  });
  // Every API route over one connection: the app's own, or an export's read snapshot (exports/source.ts).
  // The export centre stays out: it is the app's one export runner.
  const apiRoutes = (on: Conn): RouteDef[] => [...sessionRoutes(on, sessions), ...menuRoutes(on), ...uiRoutes(on, registry.get, () => staticRoutes), ...domainRoutes(on, registry.get, sessions), ...fileRoutes(on, filesDir), ...uploadCenterRoutes(on, filesDir, registry.get), ...shellRoutes(on),
    ...orderRoutes(on, registry.get), ...orderMoreRoutes(on, registry.get),
    ...vehicleMonitorRoutes(on, registry.get),
    ...waybillRoutes(on, registry.get), ...waybillActionRoutes(on, registry.get), ...trackRoutes(on, alarmWindows), ...waybillMoreRoutes(on, registry.get), ...transferRoutes(on, registry.get), ...settlementBillRoutes(on, registry.get), ...settlementPaymentRoutes(on, registry.get), ...reportRoutes(on, registry.get),
    ...electronicRoutes(on), ...fenceManageRoutes(on, registry.get), ...alarmResultRoutes(on), ...driverAlarmRoutes(on), ...flashRoutes(on), ...alarmSettingRoutes(on), ...alarmNotificationRoutes(on), ...messageCenterRoutes(on), ...terminalCredentialRoutes(on), ...lookupRoutes(on, registry.get), ...areaLinkRoutes(on, registry.get), ...storeLocationRoutes(on, registry.get), ...orderDistanceRoutes(on, registry.get), ...settlementRoutes(on, registry.get), ...settlementDeductionRoutes(on, registry.get), ...settlementEstimateRoutes(on, registry.get), ...ruleRoutes(on, registry.get),
    // The rule types' own calls, one line each.
    ...departureRuleRoutes(on, registry.get),
    ...delegateRuleRoutes(on, registry.get),
    ...stowageRuleRoutes(on, registry.get),
    ...lossPlanRoutes(on, registry.get),
    ...evaluateRoutes(on, registry.get),
    ...timedRuleRoutes(on, registry.get),
    ...checkRuleRoutes(on, registry.get),
    ...prescriptionRuleRoutes(on, registry.get),
    ...fixedLineRoutes(on, registry.get),
    ...waybillRuleRoutes(on, registry.get),
    ...businessPersonalRoutes(on),
    ...accessRuleRoutes(on, registry.get),
    ...factoryShipmentRoutes(on, registry.get),
  ];
  const snapshotRoutes = (on: Conn): RouteDef[] => [...apiRoutes(on), ...resourceRoutes(registry.get(), new ResourceEngine(on, registry.get, domainHooks(on, registry.get)))];
  const exportCenter = exportCenterRoutes({ db, registry: registry.get, routes: () => routes(), snapshotRoutes, filesDir, timing: exportTiming });
  const importCenter = importCenterRoutes({ db, registry: registry.get, engine, filesDir, timing: importTiming });
  // The automatic sign-off and the progress reminders, swept periodically (server/jobs).
  const jobs = createJobRunner(db, registry.get, jobsIntervalMs ?? undefined);
  const stopJobs = jobsIntervalMs === null ? () => {} : jobs.watch();
  const poultryCost = poultryCostRoutes({ db, registry: registry.get, routes: () => routes(), snapshotRoutes, filesDir });
  const staticRoutes: RouteDef[] = [...apiRoutes(db), ...exportCenter.routes, ...poultryCost, ...fixedLineExportRoutes({ db, registry: registry.get, routes: () => routes(), snapshotRoutes, filesDir }), ...importCenter.routes, ...mapRoutes(db, mapSettings), ...logRoutes(db), ...corpSettingRoutes(db), ...statisticsRoutes(db, registry.get), ...gatewayRoutes(db),
    // The live stream holds a connection open: not among the routes an export's snapshot replays.
    ...fleetMapRoutes(db, sessions)];

  // Resource routes follow the schema files, so they are looked up per request and rebuilt on reload.
  let dynamic = new Map<string, RouteDef>();
  const rebuild = () => {
    dynamic = new Map(resourceRoutes(registry.get(), engine).map((r) => [`${r.method} /api${r.path}`, r]));
  };
  rebuild();
  // The holder calls its listeners without waiting: the menus are rewritten in the background, then
  // the sessions are resolved afresh and the resource routes rebuilt.
  registry.onReload((reg) => {
    void syncMenus(db, reg.menus)
      .then(async () => {
        await sessions.invalidate();
        rebuild();
      })
      .catch((err: unknown) => console.error('[schemas] 菜单同步失败', err));
  });

  const app = new Hono<AppEnv>();
  app.use('*', secureHeaders({ contentSecurityPolicy: contentSecurityPolicyFor(CONTENT_SECURITY_POLICY, mapSettings) }));
  app.onError((err, c) => {
    if (err instanceof ApiError) return replyError(c, err);
    console.error(err);
    return replyError(c, new ApiError(Code.FAILURE, '服务器繁忙，请稍后重试', null, 500));
  });
  // Outermost on the API, so refusals and errors are compressed too (http/compress.ts).
  app.use('/api/*', compressAnswers());
  app.use('/api3/*', compressAnswers());
  app.use('/api/*', authenticate(sessions));
  app.use('/api3/*', authenticate(sessions));
  // After authentication, which names the user: the operation and interface usage logs (server/logs).
  const logs = startLogs(db, registry, () => routes());
  // Alarm notifications left unsent (a failed try, a stopped instance) are retried (server/notify).
  const stopNotifier = jobsIntervalMs === null ? async () => {} : startNotifier(db);
  // Positions stored by the other instances reach this one's fleet maps, and this one's reach theirs; a
  // location query reaches the terminal on whichever instance holds its connection.
  const stopRelays = relays ? await Promise.all([startLiveRelay(db), startQueryRelay(db)]) : [];
  app.use('/api/*', logs.middleware);
  app.use('/api3/*', logs.middleware);
  mountRoutes(app, staticRoutes);
  const unknownApi = (c: Context<AppEnv>) => replyError(c, new ApiError(Code.FAILURE, `接口不存在: ${c.req.path}`, null, 404));
  app.all('/api3/*', unknownApi);
  app.all('/api/*', (c) => {
    const def = dynamic.get(`${c.req.method} ${c.req.path}`);
    if (def) return handlerOf(def)(c);
    return unknownApi(c);
  });
  if (consoleDir !== undefined) serveConsole(app, consoleDir);

  /** Every declared API route, for the permission test and the docs. */
  const routes = () => [...staticRoutes, ...dynamic.values()];
  /** Stops the background work that would otherwise go on over the database (the export heartbeat, the logs' timers) and writes the usage counts still held. */
  const close = async () => {
    exportCenter.stop();
    importCenter.stop();
    stopJobs();
    await stopNotifier();
    for (const stop of stopRelays) await stop();
    await logs.stop();
  };
  return { app, engine, sessions, routes, close, logs, importQueue: importCenter.queue, jobs };
}
