import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApp } from "#server/http/app";
import { withPageFastPath } from "#server/http/page-cache/page-fast-path";
import { setSingleton } from "#server/lib/singleton";
import { withTestDataDir } from "../../helpers/env";
import { fakeBuild } from "../../helpers/fake-build";
import { captureLogLines } from "../../helpers/log-capture";

withTestDataDir("page-fast-path");

/*
 * The real Express app twice over one page cache: once behind the fast path (as start.ts
 * serves it) and once on its own (every request through the middleware stack). A page stored
 * by either is then answered by both, and the two answers must be the same.
 */

let renders = 0;
const build = fakeBuild({
  entry: {
    module: {
      default: (request: Request, status: number, headers: Headers, _context: unknown, load: { cspNonce: string }) => {
        headers.set("Content-Type", "text/html; charset=utf-8");
        headers.set("Cache-Control", "public, max-age=30");
        const html = `<!DOCTYPE html><html><head><script nonce="${load.cspNonce}">window.a=1</script></head><body><p>render ${++renders}</p><p>${new URL(request.url).pathname}</p></body></html>`;
        return new Response(html, { status, headers });
      },
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    page: { id: "page", parentId: "root", path: "*", module: { default: () => null } },
  },
});

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A raw request: no decompression, and any Host header, so the bytes and headers sent can be checked. */
function request(base: string, path: string, options: { method?: string; headers?: http.OutgoingHttpHeaders } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

const app = createApp({ getBuild: () => build });
const fastServer = http.createServer(withPageFastPath(app));
const expressServer = http.createServer(app);
let fast: string;
let plain: string;
let capture: ReturnType<typeof captureLogLines>;

beforeAll(async () => {
  fast = await listen(fastServer);
  plain = await listen(expressServer);
});
afterAll(async () => {
  await new Promise((resolve) => fastServer.close(resolve));
  await new Promise((resolve) => expressServer.close(resolve));
});
beforeEach(() => {
  capture = captureLogLines({ level: "info" });
  setSingleton("logger", capture.log);
});

const requestLines = () =>
  capture
    .output()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; method: string; path: string; status: number; ms: number })
    .filter((line) => line.msg === "request");

/** Headers as sent, less the one that changes by the second. */
const comparable = (answer: Answer) => {
  const { date: _date, connection: _connection, "keep-alive": _keepAlive, ...rest } = answer.headers;
  return rest;
};

describe("stored pages answered before Express", () => {
  it("a HIT from the fast path has the Express path's status, headers and bytes, in every encoding", async () => {
    const first = await request(fast, "/same?x=1");
    expect(first.headers["x-page-cache"]).toBe("MISS");
    for (const encoding of [undefined, "gzip", "gzip, deflate, br"]) {
      const headers = encoding ? { "accept-encoding": encoding } : {};
      const viaFast = await request(fast, "/same?x=1", { headers });
      const viaExpress = await request(plain, "/same?x=1", { headers });
      expect(viaFast.headers["x-page-cache"]).toBe("HIT");
      expect(viaFast.status).toBe(viaExpress.status);
      expect(comparable(viaFast)).toEqual(comparable(viaExpress));
      expect(viaFast.body.equals(viaExpress.body)).toBe(true);
    }
    const br = await request(fast, "/same?x=1", { headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toContain("<p>/same</p>");
    // The security headers are all there, and the page's scripts are allowed by hash.
    expect(br.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "cross-origin-opener-policy": "same-origin",
      vary: "Accept-Encoding",
      "content-length": String(br.body.length),
    });
    expect(br.headers["content-security-policy"]).toMatch(/script-src 'self' 'sha256-[^']+'/);
  });

  it("logs every answer it gives, as the Express path does", async () => {
    await request(fast, "/logged?q=secret-free");
    await request(fast, "/logged?q=secret-free");
    await request(fast, "/logged?q=secret-free", { method: "HEAD" });
    const lines = requestLines();
    expect(lines.map((line) => [line.method, line.path, line.status])).toEqual([
      ["GET", "/logged", 200],
      ["GET", "/logged", 200],
      ["HEAD", "/logged", 200],
    ]);
    expect(lines.every((line) => typeof line.ms === "number")).toBe(true);
  });

  it("answers HEAD with the headers and no body", async () => {
    const get = await request(fast, "/head");
    const head = await request(fast, "/head", { method: "HEAD" });
    expect(head.headers["x-page-cache"]).toBe("HIT");
    expect(head.headers["content-length"]).toBe(String(get.body.length));
    expect(head.body.length).toBe(0);
  });

  it("never answers a request with a cookie or an Authorization header from the store", async () => {
    await request(fast, "/members");
    expect((await request(fast, "/members")).headers["x-page-cache"]).toBe("HIT");
    for (const headers of [{ cookie: "session=abc" }, { authorization: "Bearer x" }]) {
      const answer = await request(fast, "/members", { headers });
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      // Rendered for this request, with this response's own nonce.
      expect(answer.body.toString()).toMatch(/<script nonce="[^"]+">/);
    }
  });

  it("passes other methods on to Express", async () => {
    await request(fast, "/methods");
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const answer = await request(fast, "/methods", { method });
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expect(answer.status).not.toBe(200);
    }
  });

  it("leaves a malformed Host to the request guard's 400", async () => {
    await request(fast, "/host");
    const answer = await request(fast, "/host", { headers: { host: "bad host" } });
    expect(answer.status).toBe(400);
    expect(answer.headers["x-page-cache"]).toBeUndefined();
  });

  it("stops answering a page once the cache is emptied (content changed)", async () => {
    const first = await request(fast, "/changes");
    expect((await request(fast, "/changes")).body.equals(first.body)).toBe(true);
    app.locals.pageCache!.clear();
    const after = await request(fast, "/changes");
    expect(after.headers["x-page-cache"]).toBe("MISS");
    expect(after.body.equals(first.body)).toBe(false);
  });
});
