import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "#server/db/client";
import { createApp } from "#server/http/app";
import { resetSingleton } from "#server/lib/singleton";

describe("GET /healthz", () => {
  let server: Server;
  let base: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "healthz-"));

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    resetSingleton("config");
    resetSingleton("database");
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

  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await getDatabase().close();
    resetSingleton("database");
    resetSingleton("config");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

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
