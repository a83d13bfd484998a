import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { drainServer } from "./drain-server.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("drainServer", () => {
  it("stops accepting, lets a request in flight finish, then resolves", async () => {
    const release = deferred();
    const arrived = deferred();
    const { server, url } = await serve((_req, res) => {
      arrived.resolve();
      void release.promise.then(() => res.end("finished"));
    });
    const inFlight = fetch(`${url}/slow`);
    await arrived.promise;
    let drained = false;
    const draining = drainServer(server, { deadlineMs: 30_000 }).then(() => (drained = true));
    // New connections are refused while the old request is still being served.
    await expect(fetch(`${url}/new`)).rejects.toMatchObject({ cause: { code: "ECONNREFUSED" } });
    expect(drained).toBe(false);
    release.resolve();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("finished");
    await draining;
    expect(server.listening).toBe(false);
  });

  it("cuts a request that outlives the deadline", async () => {
    const arrived = deferred();
    const { server, url } = await serve(() => arrived.resolve());
    const stuck = fetch(url).catch((error: unknown) => error);
    await arrived.promise;
    await drainServer(server, { deadlineMs: 50 });
    expect(await stuck).toBeInstanceOf(TypeError);
  });
});
