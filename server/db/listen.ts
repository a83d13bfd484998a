import pg from "pg";
import { getLogger } from "../lib/logger.ts";
import type { Hosts } from "./hosts.ts";

/** Channel names go into SQL as identifiers: only plain lowercase names are accepted. */
export function assertChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  return channel;
}

// Capped low: after a restart or failover the page caches must hear changes again within
// seconds of the database coming back, and one connection attempt every 5 s costs it nothing.
const RETRY_MS = { first: 1_000, max: 5_000 };
const CONNECT_TIMEOUT_MS = 10_000;
// A connection can die without a word (a NAT or failover dropping it): ask it something now and
// then, so a dead one is noticed and replaced instead of silently hearing nothing.
const HEARTBEAT_MS = 30_000;

/**
 * LISTEN on PostgreSQL over a connection of its own (a pooled one would be handed to others).
 * When the connection drops (or cannot be made), it reconnects with back-off and then calls
 * `onNotice("")`: notices sent while it was away are lost, so the listener must assume that
 * something changed. It listens on the server the site writes to (notices are not replicated to
 * standbys): each attempt goes to the host new connections go to, and is checked like them.
 */
export async function listenOnPostgres(options: {
  hosts: Hosts;
  channel: string;
  onNotice: (payload: string) => void;
}) {
  const channel = assertChannel(options.channel);
  const log = getLogger();
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = RETRY_MS.first;
  let timer: NodeJS.Timeout | undefined;

  const lost = (which: pg.Client, error?: Error) => {
    if (stopped || client !== which) return;
    client = undefined;
    log.warn({ err: error, channel }, "database listener lost its connection; reconnecting");
    which.end().catch(() => {});
    schedule();
  };

  const connect = async (reconnecting: boolean) => {
    const host = options.hosts.pick();
    const next = new pg.Client({
      connectionString: host.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    next.on("notification", (message) => {
      if (message.channel === channel) options.onNotice(message.payload ?? "");
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    options.hosts.prepare(next);
    try {
      await next.connect().catch((error: unknown) => {
        options.hosts.failed(host.index);
        throw error;
      });
      await options.hosts.check(next, host.index);
      await next.query(`LISTEN "${channel}"`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (stopped) return void (await next.end().catch(() => {}));
    client = next;
    retryMs = RETRY_MS.first;
    if (reconnecting) options.onNotice("");
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      connect(true).catch((error: unknown) => {
        log.warn({ err: error, channel, retryInMs: retryMs }, "database listener could not connect; retrying");
        retryMs = Math.min(retryMs * 2, RETRY_MS.max);
        schedule();
      });
    }, retryMs);
    timer.unref();
  };

  const heartbeat = setInterval(() => {
    const current = client;
    current?.query("select 1").catch((error: Error) => lost(current, error));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // A first failure does not stop the server: the listener keeps trying in the background.
  await connect(false).catch((error: unknown) => {
    log.warn({ err: error, channel }, "database listener could not connect; retrying");
    schedule();
  });
  return async () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(heartbeat);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}
