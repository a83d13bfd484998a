import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client";
import { describeThisProcess } from "#server/db/data-dir-lock";
import { migrateDatabase } from "#server/db/migrate";
import { contactSubmissions } from "#server/db/schema";
import { describeEachDatabase } from "../../helpers/database";

const run = promisify(execFile);
/** The pid of a process that has already exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid;

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// Each test opens a database on disk, and a fresh one runs initdb in WebAssembly: seconds alone,
// up to half a minute on a loaded 2-core machine. The limit only guards against a hang.
describe("embedded database in DATA_DIR", { timeout: 120_000 }, () => {
  it("creates the folder, keeps data across a restart and applies migrations once", async () => {
    const dataDir = path.join(tempDir(), "nested", "data");
    const first = openDatabase({ dataDir });
    // Owner only: the folder holds the database and the secret files.
    if (process.platform !== "win32") expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    await migrateDatabase({ database: first });
    await first.db.insert(contactSubmissions).values({ name: "Kept", email: "k@example.com", message: "still here" });
    await first.close();

    const second = openDatabase({ dataDir });
    await migrateDatabase({ database: second });
    const rows = await second.db.select().from(contactSubmissions);
    expect(rows.map((r) => r.name)).toEqual(["Kept"]);
    const applied = await second.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied.rows[0]!.n)).toBe(fs.readdirSync("db/migrations").filter((f) => f.endsWith(".sql")).length);
    await second.close();
  });

  it("refuses a second open of the same folder while the first holds it", async () => {
    const dataDir = tempDir();
    const first = openDatabase({ dataDir });
    expect(() => openDatabase({ dataDir })).toThrow(/DATA_DIR .* is in use by another server process/);
    await first.close();
    // Released on close: a new process (or a restart) can open it.
    const again = openDatabase({ dataDir });
    await again.close();
  });

  it("records host name, boot id and pid in the lock, and removes it on close", async () => {
    const dataDir = tempDir();
    const database = openDatabase({ dataDir });
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")) as Record<string, unknown>;
    expect(lock).toMatchObject({ host: os.hostname(), bootId: describeThisProcess().bootId, pid: process.pid });
    await database.close();
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  });

  it("takes over an old-format lock (a bare pid) left by a process that no longer exists", async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(deadPid()));
    const database = openDatabase({ dataDir });
    expect(await database.ping()).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8"))).toMatchObject({ pid: process.pid });
    await database.close();
  });

  it("refuses an old-format lock whose process still runs", () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.ppid));
    expect(() => openDatabase({ dataDir })).toThrow(
      `DATA_DIR ${dataDir} is in use by another server process (pid ${process.ppid} on this host`,
    );
  });

  it("takes over a lock of this host and boot whose process no longer exists", async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "server.lock"), JSON.stringify({ ...describeThisProcess(), pid: deadPid() }));
    const database = openDatabase({ dataDir });
    expect(await database.ping()).toBe(true);
    await database.close();
  });

  it("never takes over a lock written on another host: the message names it and says what to do", () => {
    const dataDir = tempDir();
    const file = path.join(fs.realpathSync(dataDir), "server.lock");
    // A pid that is dead here says nothing about a process on another machine.
    const lock = JSON.stringify({
      host: "db-host-2.example",
      bootId: "5b1e0d7a-0000-4000-8000-000000000002",
      pid: deadPid(),
    });
    fs.writeFileSync(file, lock);
    expect(() => openDatabase({ dataDir })).toThrow(
      `DATA_DIR ${dataDir} is in use by another server process (pid ${JSON.parse(lock).pid} on host db-host-2.example (boot id 5b1e0d7a-0000-4000-8000-000000000002)), ` +
        "which this server cannot check, so the lock is not taken over. " +
        `Stop that process; or, if host db-host-2.example is gone or that process no longer runs (e.g. this machine rebooted after a crash), delete ${file} and start again.`,
    );
    expect(fs.readFileSync(file, "utf8")).toBe(lock);
  });

  it("never takes over a lock of this host name from another boot (another machine with the same name looks the same)", () => {
    const dataDir = tempDir();
    const file = path.join(fs.realpathSync(dataDir), "server.lock");
    fs.writeFileSync(file, JSON.stringify({ host: os.hostname(), bootId: "another-boot", pid: deadPid() }));
    expect(() => openDatabase({ dataDir })).toThrow(
      `on host ${os.hostname()} in an earlier boot (boot id another-boot)`,
    );
    expect(() => openDatabase({ dataDir })).toThrow(`delete ${file} and start again`);
  });

  it("refuses a lock it cannot read rather than guess whose it is", () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "server.lock"), "{not json");
    expect(() => openDatabase({ dataDir })).toThrow(
      /server\.lock, which this server cannot read; it is not taken over/,
    );
  });

  it("ping answers false once the database is closed", async () => {
    const database = openDatabase({ memory: true });
    expect(await database.ping()).toBe(true);
    await database.close();
    expect(await database.ping()).toBe(false);
  });
});

describe("a database that cannot open", { timeout: 120_000 }, () => {
  // The cause of a suite that failed one run in three: PGlite opening on a folder that a test
  // removed meanwhile rejected with nobody listening (ErrnoError 44), which ends a process.
  // A child process shows what a server would live through: it must exit normally.
  it("fails its callers, never the process, when its folder vanishes while it opens", async () => {
    const dataDir = path.join(tempDir(), "data");
    const script = `
      import fs from "node:fs";
      import { openDatabase } from "./server/db/client.ts";
      openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      fs.rmSync(${JSON.stringify(dataDir)}, { recursive: true, force: true });
      console.log("opened and removed");
    `;
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      env: { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "test" },
    });
    expect(stdout).toContain("opened and removed");
    expect(stderr).not.toMatch(/ErrnoError|Unhandled|ENOENT/);
  });

  it("answers its callers with the opening error and still closes", async () => {
    const dataDir = path.join(tempDir(), "data");
    const database = openDatabase({ dataDir });
    fs.rmSync(dataDir, { recursive: true, force: true });
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
    await expect(database.close()).resolves.toBeUndefined();
    // The lock was released: the folder can be opened again.
    const again = openDatabase({ dataDir });
    expect(await again.ping()).toBe(true);
    await again.close();
  });
});

describeEachDatabase("a closed database", (database, kind) => {
  it("refuses new work with a clear error, and closing twice is harmless", async () => {
    const closing = database().close();
    if (kind === "pglite")
      await expect(database().db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: { message: "The database is closed: this server is stopping." },
      });
    await closing;
    await expect(database().close()).resolves.toBeUndefined();
    await expect(database().db.execute(sql`select 1`)).rejects.toMatchObject({
      cause: {
        message:
          kind === "pglite"
            ? "The database is closed: this server is stopping."
            : expect.stringMatching(/after calling end on the pool/),
      },
    });
  });
});
