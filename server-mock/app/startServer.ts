/**
 * Starts the whole server: loads the resource files, opens the database, applies additive
 * migrations, writes the demo data on first start, and listens.
 */
import type { FastifyInstance } from 'fastify';
import { loadRegistry } from '../../schemas/registry/loadRegistry.ts';
import { loadMenu } from '../../schemas/registry/loadMenu.ts';
import { loadLocales } from '../../schemas/registry/locales.ts';
import { configFromEnv, type ServerConfig } from '../config/config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { SystemStore } from '../access/systemStore.ts';
import { ensureDocumentCounts } from '../db/documentSql.ts';
import { INTERNAL_TABLES, migrate, tablesOf, withStartupLock, type MigrationReport } from '../db/migrate.ts';
import { loadTokenSecret, TokenService } from '../auth/tokens.ts';
import { LogSmsProvider } from '../auth/sms.ts';
import { mailOutbox } from '../auth/mail.ts';
import type { Services } from '../calls/context.ts';
import { listenForPublications } from '../access/documentStore.ts';
import { documentNotices } from '../documents/tenantDocuments.ts';
import { seedDatabase } from '../seed/demoData.ts';
import { buildServer } from './buildServer.ts';
import { startTenantUpkeep } from '../tenants/tenantPurge.ts';
import { startWorkflowTimers } from '../workflow/timerLoop.ts';
import { startFileCleanup } from '../files/fileCleanup.ts';
import { startJobScheduler } from '../jobs/scheduler.ts';
import { listenForLiveNotices } from '../access/liveNotices.ts';

export interface StartOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  staticDir?: string;
  schemasDir?: string;
  tokenSecret?: string;
  /** No request log. */
  quiet?: boolean;
  /** Override REQUEST_TIMEOUT_MS and MAX_CONNECTIONS (tests). */
  requestTimeoutMs?: number;
  maxConnections?: number;
  /** Where the log goes (default standard output); logs even when quiet. */
  logStream?: NodeJS.WritableStream;
  /** Clock, for tests that move time. */
  now?: () => Date;
  /** Environment to read the configuration from (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Told the SQL text of every statement the server runs (tests read their plans). */
  onStatement?: (sql: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  app: FastifyInstance;
  services: Services;
  /**
   * The database itself, for the process entry point and tests only: the API's handlers get
   * the stores of the access layer (services.system and their TenantData), never this.
   */
  database: Database;
  config: ServerConfig;
  seeded: boolean;
  migration: MigrationReport;
  smsOutbox: { last(mobile: string): string | undefined };
  mailOutbox: { last(email: string): string | undefined };
  /** Settles once every process instance waiting at start was resumed. */
  workflowResumed: Promise<void>;
  close(): Promise<void>;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const base = configFromEnv(options.env ?? process.env);
  const config: ServerConfig = {
    ...base,
    port: options.port ?? base.port,
    host: options.host ?? base.host,
    dataDir: options.dataDir ?? base.dataDir,
    databaseUrl: options.databaseUrl ?? base.databaseUrl,
    staticDir: options.staticDir ?? base.staticDir,
    schemasDir: options.schemasDir ?? base.schemasDir,
    tokenSecret: options.tokenSecret ?? base.tokenSecret,
    requestTimeoutMs: options.requestTimeoutMs ?? base.requestTimeoutMs,
    maxConnections: options.maxConnections ?? base.maxConnections,
  };
  const now = options.now ?? (() => new Date());
  const registry = loadRegistry(config.schemasDir);
  const menu = loadMenu(config.schemasDir, registry);
  const locales = loadLocales(config.schemasDir);
  const database = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    sqliteSynchronous: config.sqliteSynchronous,
    onStatement: options.onStatement,
  });
  try {
    const { migration, seeded } = await withStartupLock(database, async (db) => {
      const tables = [...INTERNAL_TABLES, ...tablesOf(registry)];
      const migration = await migrate(database, tables, db);
      await ensureDocumentCounts(database.dialect, db);
      const { seeded } = await seedDatabase(
        new SystemStore(database, registry, db),
        registry,
        { menu, en: locales.en, now: now() },
        config.demoPassword,
      );
      await database.analyze(
        db,
        tables.map((t) => t.name),
      );
      return { migration, seeded };
    });
    const system = new SystemStore(database, registry);
    const secret = await loadTokenSecret(system, config.dataDir, config.tokenSecret);
    const services: Services = {
      config,
      registry,
      system,
      tokens: new TokenService(secret),
      // replaced by the app's logger in buildServer
      sms: undefined as unknown as LogSmsProvider,
      locales,
      log: undefined as unknown as Services['log'],
      now,
    };
    const sms = new LogSmsProvider(() => services.log);
    services.sms = sms;
    const app = await buildServer(services, {
      logger: options.logStream
        ? { level: config.logLevel, stream: options.logStream }
        : options.quiet
          ? false
          : { level: config.logLevel },
      staticDir: config.staticDir,
      requestTimeoutMs: config.requestTimeoutMs,
      maxConnections: config.maxConnections,
    });
    // Deleted tenants past their grace period are purged now and then periodically.
    const stopUpkeep = await startTenantUpkeep(services);
    // Every waiting process instance is resumed from the database; then due timers fire.
    const workflowTimers = startWorkflowTimers(services);
    // Stored objects without a row (a crash between the two) are removed now and then periodically.
    const stopFileCleanup = startFileCleanup(services);
    // Due job firings are claimed and their instances run (docs/jobs.md).
    const jobScheduler = startJobScheduler(services);
    // Publications made by other processes (PostgreSQL's NOTIFY; SQLite: none, they are polled).
    const stopNotices = await listenForPublications(database, documentNotices(services));
    // Live notices of every process on the database (PostgreSQL's NOTIFY; SQLite: this process's own).
    const stopLiveNotices = await listenForLiveNotices(database);
    try {
      await app.listen({ port: config.port, host: config.host });
    } catch (err) {
      stopUpkeep();
      await stopFileCleanup();
      await workflowTimers.stop();
      await jobScheduler.stop();
      await stopNotices();
      await stopLiveNotices();
      throw err;
    }
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    return {
      url: `http://${host}:${port}`,
      port,
      app,
      services,
      database,
      config,
      seeded,
      migration,
      smsOutbox: sms,
      mailOutbox: mailOutbox(services),
      workflowResumed: workflowTimers.ready,
      close: async () => {
        stopUpkeep();
        await stopFileCleanup();
        await workflowTimers.stop();
        await jobScheduler.stop();
        await stopNotices();
        await stopLiveNotices();
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
