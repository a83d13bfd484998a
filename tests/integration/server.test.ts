import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client";
import { migrateDatabase } from "#server/db/migrate";
import { contactSubmissions } from "#server/db/schema";

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "data-dir-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("embedded database in DATA_DIR", () => {
  it("creates the folder, keeps data across a restart and applies migrations once", async () => {
    const dataDir = path.join(tempDir(), "nested", "data");
    const first = openDatabase({ dataDir });
    await migrateDatabase(first);
    await first.db.insert(contactSubmissions).values({ name: "Kept", email: "k@example.com", message: "still here" });
    await first.close();

    const second = openDatabase({ dataDir });
    await migrateDatabase(second);
    const rows = await second.db.select().from(contactSubmissions);
    expect(rows.map((r) => r.name)).toEqual(["Kept"]);
    const applied = await second.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
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

  it("takes over a lock left by a process that no longer exists", async () => {
    const dataDir = tempDir();
    fs.writeFileSync(path.join(dataDir, "server.lock"), "999999");
    const database = openDatabase({ dataDir });
    expect(await database.ping()).toBe(true);
    await database.close();
  });

  it("ping answers false once the database is closed", async () => {
    const database = openDatabase({ memory: true });
    expect(await database.ping()).toBe(true);
    await database.close();
    expect(await database.ping()).toBe(false);
  });
});
