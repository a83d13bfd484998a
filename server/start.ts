import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { checkDataDirPermissions } from "./check-data-dir-permissions.ts";
import { getConfig, setListeningOrigin } from "./config.ts";
import { seedDemoContentIfEmpty } from "./content/seed-demo-content.ts";
import { watchContentChanges } from "./content/watch-content-changes.ts";
import { getDatabase } from "./db/client.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { createApp, type AppOptions } from "./http/app.ts";
import { drainServer, setServerTimeouts } from "./http/drain-server.ts";
import { withPageFastPath } from "./http/page-cache/page-fast-path.ts";
import { startJobs } from "./jobs/start-jobs.ts";
import { StartRefusedError } from "./lib/errors.ts";
import { getLogger } from "./lib/logger.ts";
import { resetSingleton } from "./lib/singleton.ts";
import { removeServerInfo, writeServerInfo } from "./ops/server-info.ts";
import { seedPlanChats } from "./telegram/seed-plan-chats.ts";
import { getTelegramBot } from "./telegram/telegram-bot.ts";
import { setTelegramWebhook } from "./telegram/telegram-webhook.ts";
import { getDepositXpub } from "./wallet/deposit-key.ts";

export type RunningServer = { server: Server; url: string; close: () => Promise<void> };

/** How long requests in flight may take to finish once the server is told to stop. */
const DRAIN_DEADLINE_MS = 10_000;

/** Prepares the database (migrations, demo content when empty) and starts listening. */
export async function startServer(options: AppOptions): Promise<RunningServer> {
  const config = getConfig();
  const log = getLogger();
  // Before any secret in DATA_DIR is read: a restored or copied file is tightened to 0600.
  checkDataDirPermissions({ dataDir: config.dataDir, log });
  const database = getDatabase();
  await migrateDatabase({ database });
  let seeded = false;
  if (config.seedDemoContent) {
    seeded = await seedDemoContentIfEmpty({ db: database.db, brandName: config.brandName });
    if (seeded) log.info("database was empty: demo content seeded");
  }
  // The chats each plan unlocks: from TELEGRAM_PLAN_CHATS at every start, demo ids for demo plans.
  // Only plans without chats take the variable's mapping: chats edited in /admin survive a restart.
  if (config.telegram.planChats)
    await seedPlanChats({ db: database.db, planChats: config.telegram.planChats, onlyEmpty: true });
  else if (seeded) await seedPlanChats({ db: database.db });
  const bot = getTelegramBot();
  if (bot && config.telegram.webhookUrl) {
    await setTelegramWebhook({ bot, url: config.telegram.webhookUrl, secret: config.telegram.webhookSecret! }).catch(
      (err: unknown) => log.error({ err }, "telegram: setWebhook failed"),
    );
  }
  // Settle the deposit key now: a development key is created (and loudly announced) at start-up,
  // not on some member's first sign-up.
  getDepositXpub();
  const app = createApp(options);
  // Content edits (here, on another instance, or straight in the database) empty the page cache.
  const stopWatching = await watchContentChanges({ database, onChange: () => app.locals.pageCache?.clear() });
  const server = await new Promise<Server>((resolve, reject) => {
    // Stored pages are answered before Express (page-fast-path.ts); everything else goes to the app.
    const s = http.createServer(withPageFastPath(app));
    const onError = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new StartRefusedError(
              `PORT ${config.port} on ${config.host} is in use by another program; stop it or choose another PORT.`,
              { cause: error },
            )
          : error,
      );
    s.once("error", onError);
    s.listen(config.port, config.host, () => {
      s.off("error", onError);
      resolve(s);
    });
  }).catch(async (error: unknown) => {
    await stopWatching();
    throw error;
  });
  setServerTimeouts(server);
  const { port } = server.address() as AddressInfo;
  const url = `http://${urlHost(config.host)}:${port}`;
  // Before any job runs: emails and Telegram messages link here when PUBLIC_URL is unset.
  setListeningOrigin(url);
  const stopJobs = config.jobsEnabled ? startJobs({ database }) : async () => {};
  if (database.kind === "pglite") writeServerInfo(config.dataDir, url);
  log.info(
    { url, database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined },
    "server listening",
  );

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Stop taking requests and let those in flight finish (up to the deadline), then stop
      // the jobs, and only then close the database they all use.
      await drainServer(server, { deadlineMs: DRAIN_DEADLINE_MS });
      await stopJobs();
      await stopWatching();
      removeServerInfo(config.dataDir);
      await database.close();
      resetSingleton("database");
    })());
  return { server, url, close };
}

/** The host part of this server's own address: a wildcard bind means this machine; IPv6 literals go in brackets. */
function urlHost(host: string) {
  if (host === "0.0.0.0" || host === "::") return "localhost";
  return host.includes(":") ? `[${host}]` : host;
}
