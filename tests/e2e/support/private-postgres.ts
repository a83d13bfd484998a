import { execFile, execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./free-port";

const BIN_DIRS = [
  "/usr/lib/postgresql/17/bin",
  "/usr/lib/postgresql/16/bin",
  "/usr/lib/postgresql/15/bin",
  "/usr/local/bin",
  "/usr/bin",
];

/** The folder holding `initdb` and `pg_ctl`, or undefined when this machine has no PostgreSQL server. */
export function postgresBinDir(): string | undefined {
  return BIN_DIRS.find((dir) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")));
}

export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, local only). */
  url: string;
  port: number;
  /** `pg_ctl restart -m <mode>`: returns once the server accepts connections again. */
  restart: (mode: "smart" | "fast" | "immediate") => Promise<void>;
  /** `pg_ctl stop -m <mode>`: returns once the server is down. */
  stop: (mode: "smart" | "fast" | "immediate") => Promise<void>;
  /** `pg_ctl start`: returns once the server accepts connections. */
  start: () => Promise<void>;
  /** Stops the server (immediately) and removes its folder; safe to call twice. */
  destroy: () => void;
  /** The server's own log, for a failure's report. */
  log: () => string;
  /** `pg_ctl promote`: a standby becomes a primary; returns once it accepts writes. */
  promote: () => Promise<void>;
  /**
   * A stopped server comes back, on its port, as a streaming standby of `primary` (its data
   * replaced by a fresh `pg_basebackup -R` of it): an old primary back after a failover.
   */
  restartAsStandbyOf: (primary: PrivatePostgres) => Promise<void>;
};

/**
 * A PostgreSQL cluster of the test's own (initdb into a temporary folder, a free port on
 * 127.0.0.1), so a test may stop and restart it without touching the machine's server. PostgreSQL
 * refuses to run as root: as root, every command runs as the `postgres` user, which owns the folder.
 * With `standbyOf`, it is a streaming standby of that cluster (`pg_basebackup -R`) instead.
 */
export async function startPrivatePostgres(
  binDir: string,
  setup: { standbyOf?: PrivatePostgres } = {},
): Promise<PrivatePostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "private-pg-"));
  const dataDir = path.join(root, "data");
  const logFile = path.join(root, "server.log");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    fs.chownSync(root, uid, gid);
  }
  // Asynchronous, so that the test's own requests keep going while the server stops and starts.
  const run = async (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(binDir, command), ...args]]
      : [path.join(binDir, command), args];
    try {
      await promisify(execFile)(file, argv, { timeout: 120_000 });
    } catch (error) {
      const failed = error as Error & { stderr?: string; stdout?: string };
      throw new Error(`${command} ${args.join(" ")} failed: ${failed.stderr || failed.stdout || failed.message}`);
    }
  };
  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    // Whatever state the test left it in: stop it if it runs, then remove everything.
    spawnSync(
      asRoot ? "runuser" : path.join(binDir, "pg_ctl"),
      [
        ...(asRoot ? ["-u", "postgres", "--", path.join(binDir, "pg_ctl")] : []),
        "stop",
        "-D",
        dataDir,
        "-m",
        "immediate",
        "-w",
      ],
      { timeout: 60_000 },
    );
    fs.rmSync(root, { recursive: true, force: true });
  };
  // A copy of the primary's data, set to follow it (standby.signal, primary_conninfo).
  const baseBackup = (primary: PrivatePostgres) =>
    run("pg_basebackup", [
      ...["-D", dataDir, "-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres"],
      ...["-R", "-X", "stream", "--no-sync", "-c", "fast"],
    ]);
  try {
    if (setup.standbyOf) await baseBackup(setup.standbyOf);
    else await run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"]);
    const port = await freePort();
    // fsync off keeps it quick on a busy machine and loses nothing when only PostgreSQL stops
    // (the kernel keeps what was written). Commits stay synchronous: with synchronous_commit off
    // a crash would lose transactions already answered, and the test checks that none is lost.
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${root} -c fsync=off`;
    const start = () => run("pg_ctl", ["start", "-D", dataDir, "-l", logFile, "-w", "-t", "120", "-o", options]);
    await start();
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      promote: () => run("pg_ctl", ["promote", "-D", dataDir, "-w", "-t", "120"]),
      restartAsStandbyOf: async (primary) => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await baseBackup(primary);
        await start();
      },
      restart: (mode) =>
        run("pg_ctl", ["restart", "-D", dataDir, "-l", logFile, "-m", mode, "-w", "-t", "120", "-o", options]),
      stop: (mode) => run("pg_ctl", ["stop", "-D", dataDir, "-m", mode, "-w", "-t", "120"]),
      start,
      destroy,
      log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : ""),
    };
  } catch (error) {
    destroy();
    throw error;
  }
}
