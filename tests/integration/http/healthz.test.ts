import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#server/db/client";
import { createApp } from "#server/http/app";
import { setSingleton } from "#server/lib/singleton";
import { createTestDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";

describe("GET /healthz", () => {
  let server: Server;
  let base: string;
  // The app reads its configuration (DATA_DIR for the ops token) from here; the helper closes the
  // process database before removing the folder.
  withTestDataDir("healthz");

  beforeAll(async () => {
    // The process database is a migrated in-memory copy: opening a fresh one on disk runs initdb,
    // which took over 30 s on a loaded machine (server.test.ts covers the on-disk database).
    setSingleton("database", (await createTestDatabase("pglite")).database);
    const app = createApp({
      getBuild: () => {
        throw new Error("no pages in this test");
      },
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((r) => server.close(r)));

  it("answers 200 while the database is reachable and 503 when it is not", async () => {
    const ok = await fetch(`${base}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "ok", database: true });
    expect(ok.headers.get("cache-control")).toBe("no-store");

    await getDatabase().close();
    const down = await fetch(`${base}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable", database: false });
  });

  it("does not advertise the framework", async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.headers.get("x-powered-by")).toBeNull();
  });
});
