import type pg from "pg";
import { parseDatabaseUrl, type SessionAttrs } from "../lib/database-url.ts";

/** A connection landed on a server that must not be written to (a standby, or read-only by default). */
export class ReadOnlyServerError extends Error {
  constructor(host: string, attrs: SessionAttrs) {
    super(`the database server at ${host} is not ${attrs} (a standby, or read-only): its connection is closed`);
    this.name = "ReadOnlyServerError";
  }
}

/** What the server reports about itself when a session starts (PostgreSQL 14 and later). */
const REPORTED = new WeakMap<pg.ClientBase, Map<string, string>>();

export type Hosts = {
  count: number;
  /** The host a new connection goes to: the one that last accepted a session, else the next after one that failed. */
  pick: () => { index: number; url: string; label: string };
  /** Call before connecting: records what the server reports about itself. */
  prepare: (client: pg.Client) => void;
  /** A connection to this host could not be made, or was refused: the next connection tries the next host. */
  failed: (index: number) => void;
  /**
   * After connecting: resolves when the server suits the site (target_session_attrs), else rejects
   * with ReadOnlyServerError and the next connection tries the next host. The caller closes a
   * refused connection.
   */
  check: (client: pg.Client, index: number) => Promise<void>;
};

/**
 * The hosts of DATABASE_URL (one, or a primary and its standbys in libpq's multi-host form) and
 * which of them new connections go to. Like libpq with `target_session_attrs=read-write`, a new
 * connection is checked, and one that landed on a standby or a read-only server is closed and
 * the next host tried; unlike libpq, which starts again from the first host every time, the host
 * that last accepted is tried first, so that after a failover new connections do not knock on the
 * old primary's door (refused, or worse a black hole until the connect timeout) first.
 */
export function createHosts(options: { databaseUrl: string; onSwitch?: (label: string) => void }): Hosts {
  const { hosts, sessionAttrs } = parseDatabaseUrl(options.databaseUrl);
  let preferred = 0;
  let lastAccepted = -1;
  const failed = (index: number) => {
    if (preferred === index) preferred = (index + 1) % hosts.length;
  };
  const accepted = (index: number) => {
    preferred = index;
    // Worth a line only when there is a choice: the site now writes to another server.
    if (index !== lastAccepted && hosts.length > 1) options.onSwitch?.(hosts[index]!.label);
    lastAccepted = index;
  };
  return {
    count: hosts.length,
    pick: () => ({ index: preferred, ...hosts[preferred]! }),
    prepare: (client) => {
      const reported = new Map<string, string>();
      REPORTED.set(client, reported);
      client.connection.on("parameterStatus", (message: { parameterName: string; parameterValue: string }) =>
        reported.set(message.parameterName, message.parameterValue),
      );
    },
    failed,
    check: async (client, index) => {
      if (sessionAttrs !== "any") {
        const reported = REPORTED.get(client);
        let standby = reported?.get("in_hot_standby");
        let readOnly = reported?.get("default_transaction_read_only");
        // Servers before 14 do not report these: ask, as libpq does.
        if (standby === undefined || readOnly === undefined) {
          const { rows } = await client.query<{ standby: boolean; read_only: string }>(
            "select pg_catalog.pg_is_in_recovery() as standby, " +
              "pg_catalog.current_setting('transaction_read_only') as read_only",
          );
          standby = rows[0]!.standby ? "on" : "off";
          readOnly = rows[0]!.read_only;
        }
        if (standby === "on" || (sessionAttrs === "read-write" && readOnly === "on")) {
          failed(index);
          throw new ReadOnlyServerError(hosts[index]!.label, sessionAttrs);
        }
      }
      accepted(index);
    },
  };
}
