import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveAssets } from "./serve-assets.ts";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function get(url: string, headers: http.OutgoingHttpHeaders = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, signal: AbortSignal.timeout(10_000) }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("serveAssets", () => {
  const script = "export const answer = 42; // ".padEnd(4000, "x");
  let dir: string;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "assets-"));
    fs.writeFileSync(path.join(dir, "main-abc.js"), script);
    // The build's brotli form, made different from what the server would make, to tell them apart.
    fs.writeFileSync(path.join(dir, "main-abc.js.br"), zlib.brotliCompressSync(Buffer.from(script)));
    fs.writeFileSync(path.join(dir, "app-def.css"), "body{color:red}".repeat(100));
    fs.writeFileSync(path.join(dir, "font-1.woff2"), "not a script");
    const app = express();
    app.disable("x-powered-by"); // as the app does
    app.use(serveAssets(dir));
    app.use((_req, res) => void res.status(418).set("X-Next", "yes").end());
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends the build's brotli file with only a subresource's headers", async () => {
    const answer = await get(`${base}/assets/main-abc.js`, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.equals(fs.readFileSync(path.join(dir, "main-abc.js.br")))).toBe(true);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
    const names = Object.keys(answer.headers).sort();
    expect(names).toEqual(
      [
        "cache-control",
        "connection",
        "content-encoding",
        "content-length",
        "content-type",
        "date",
        "keep-alive",
        "vary",
        "x-content-type-options",
      ].sort(),
    );
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers.vary).toBe("Accept-Encoding");
  });

  it("compresses what the build left uncompressed, and answers plain to a client that takes nothing", async () => {
    const gzip = await get(`${base}/assets/app-def.css`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe("body{color:red}".repeat(100));
    const plain = await get(`${base}/assets/main-abc.js`, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const head = await get(`${base}/assets/main-abc.js`, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
  });

  it("leaves everything else to what follows it", async () => {
    for (const target of [
      "/assets/nope.js",
      "/assets/font-1.woff2",
      "/assets/main-abc.js.br",
      "/assets/..%2fmain-abc.js",
      "/main-abc.js",
    ]) {
      const answer = await get(`${base}${target}`);
      expect(answer.headers["x-next"], target).toBe("yes");
    }
    const posted = await get(`${base}/assets/main-abc.js`, {}, "POST");
    expect(posted.headers["x-next"]).toBe("yes");
    // A Host the request guard refuses goes on to get its 400 there.
    const badHost = await get(`${base}/assets/main-abc.js`, { host: "bad host" });
    expect(badHost.headers["x-next"]).toBe("yes");
  });
});
