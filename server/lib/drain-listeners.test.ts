import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { drainListeners } from "./drain-listeners.ts";

/** What React Router does for each write the stream refuses: wait with `once`, then `off`. */
function waitForDrain(res: express.Response) {
  return new Promise<void>((resolve) => {
    const onDrain = () => {
      res.off("drain", onDrain);
      resolve();
    };
    res.once("drain", onDrain);
  });
}

/** A page written in many incompressible chunks, each one too big for the stream to take at once. */
async function writeLargePage(res: express.Response) {
  res.setHeader("content-type", "text/html");
  let refused = 0;
  for (let i = 0; i < 30; i++) {
    if (!res.write(crypto.randomBytes(64 * 1024).toString("base64"))) {
      refused++;
      await waitForDrain(res);
    }
  }
  res.end();
  return refused;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(withFix: boolean) {
  const app = express();
  app.use(compression());
  if (withFix) app.use(drainListeners());
  const refusals: number[] = [];
  app.get("/page", (_req, res) => void writeLargePage(res).then((n) => refusals.push(n)));
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`, refusals };
}

/** Fetches the page with brotli and counts Node's listener-leak warnings while it is written. */
async function fetchCountingWarnings(url: string) {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => {
    if (warning.name === "MaxListenersExceededWarning") warnings.push(warning.message);
  };
  process.on("warning", onWarning);
  try {
    const body = await new Promise<Buffer>((resolve, reject) => {
      http.get(url, { headers: { "accept-encoding": "br" } }, (res) => {
        expect(res.headers["content-encoding"]).toBe("br");
        const chunks: Buffer[] = [];
        res
          .pipe(zlib.createBrotliDecompress())
          .on("data", (c: Buffer) => chunks.push(c))
          .on("end", () => resolve(Buffer.concat(chunks)))
          .on("error", reject);
      });
    });
    // A warning is emitted on the next tick after the listener that crossed the line.
    await new Promise((resolve) => setImmediate(resolve));
    return { body, warnings };
  } finally {
    process.off("warning", onWarning);
  }
}

describe("drainListeners", () => {
  it("a compressed page with many refused writes adds no listener pile-up, and arrives whole", async () => {
    const { url, refusals } = await serve(true);
    const { body, warnings } = await fetchCountingWarnings(url);
    expect(refusals[0]).toBeGreaterThan(10);
    expect(body.length).toBe(30 * Math.ceil((64 * 1024) / 3) * 4);
    expect(warnings).toEqual([]);
  });

  it("without it, compression leaves each waiter on its stream (why it exists)", async () => {
    const { url, refusals } = await serve(false);
    const { warnings } = await fetchCountingWarnings(url);
    expect(refusals[0]).toBeGreaterThan(10);
    expect(warnings.join("\n")).toMatch(/drain listeners added to \[BrotliCompress\]/);
  });

  it("an uncompressed answer still gets its drain events", async () => {
    const app = express();
    app.use(compression({ filter: () => false }));
    app.use(drainListeners());
    const refusals: number[] = [];
    app.get("/page", (_req, res) => void writeLargePage(res).then((n) => refusals.push(n)));
    const server = http.createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
    const length = await new Promise<number>((resolve) => {
      http.get(url, (res) => {
        let n = 0;
        res.on("data", (c: Buffer) => (n += c.length)).on("end", () => resolve(n));
      });
    });
    expect(length).toBe(30 * Math.ceil((64 * 1024) / 3) * 4);
    expect(refusals).toHaveLength(1);
  });
});
