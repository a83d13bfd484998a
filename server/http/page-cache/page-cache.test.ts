import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fakeBuild } from "../../../tests/helpers/fake-build.ts";
import { getLogger } from "../../lib/logger.ts";
import { createPageCache } from "./page-cache.ts";

// A stand-in React Router build: every document request is answered by the entry below, so
// the test decides exactly which headers a page comes with. Each answer carries a render
// counter, so a stored page shows up as the same number twice. Two inline scripts carry the
// nonce the cache hands to the render, as React Router's scripts do.
let renders = 0;
const rendersOf = new Map<string, number>();
/** Renders of `/gated…` pages wait here until the test lets them finish. */
const gates: { path: string; open: () => void }[] = [];

type LoadContext = { cspNonce: string; clientIp: string };
const html = (nonce: string, lines: string[]) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script><script nonce="${nonce}">window.b=2</script></head>` +
  `<body>${lines.map((line) => `<p>${line}</p>`).join("")}</body></html>`;

const build = fakeBuild({
  entry: {
    module: {
      default: async (
        request: Request,
        status: number,
        headers: Headers,
        _context: unknown,
        loadContext: LoadContext,
      ) => {
        const { pathname } = new URL(request.url);
        if (pathname.startsWith("/gated")) await new Promise<void>((open) => gates.push({ path: pathname, open }));
        const n = ++renders;
        rendersOf.set(pathname, (rendersOf.get(pathname) ?? 0) + 1);
        const type = { "/json": "application/json", "/text": "text/plain" }[pathname] ?? "text/html; charset=utf-8";
        headers.set("Content-Type", type);
        headers.set("Cache-Control", pathname.startsWith("/no-store") ? "no-store" : "public, max-age=30");
        if (pathname.includes("cookie")) {
          headers.append("Set-Cookie", `visitor=${n}; Path=/; HttpOnly`);
          headers.append("Set-Cookie", "second=yes; Path=/");
        }
        const body = html(loadContext.cspNonce, [
          `render ${n}`,
          `${request.method} ${request.url}`,
          `x-test: ${request.headers.get("x-test")}`,
          `set-cookie: ${request.headers.get("set-cookie")}`,
          `client ${loadContext.clientIp}`,
        ]);
        // A length React Router's own answers never carry; the cache must not pass it on.
        if (pathname === "/sets-cookie-with-length") headers.set("Content-Length", String(Buffer.byteLength(body)));
        return new Response(body, { status: pathname === "/teapot" ? 418 : status, headers });
      },
      handleError: () => {},
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    page: { id: "page", parentId: "root", path: "*", module: { default: () => null } },
  },
  routeDiscovery: "lazy",
});

const sha256 = (script: string) => `'sha256-${crypto.createHash("sha256").update(script, "utf8").digest("base64")}'`;
const APP_CSP = "script-src 'nonce-fresh-nonce'";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

/** A raw HTTP request: no automatic decompression, so the bytes on the wire can be checked. */
function request(url: string, options: { method?: string; headers?: http.OutgoingHttpHeaders } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? "GET", headers: options.headers, signal: AbortSignal.timeout(10_000) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode!, headers: res.headers, body, text: body.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const renderNumber = (answer: Answer) => Number(/render (\d+)/.exec(answer.text)?.[1]);

async function until(condition: () => boolean, what: string) {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The cache in an Express app as start.ts mounts it: security headers before, the rest of the app after. */
async function serve(cache: ReturnType<typeof createPageCache>) {
  const arrivals = new Map<string, number>();
  const errors: unknown[] = [];
  const app = express();
  app.use((req, res, next) => {
    arrivals.set(req.path, (arrivals.get(req.path) ?? 0) + 1);
    res.locals.cspNonce = "fresh-nonce";
    res.setHeader("Content-Security-Policy", APP_CSP);
    res.setHeader("Cache-Control", "no-cache");
    next();
  });
  app.use(cache.middleware);
  app.use((_req, res) => {
    res.status(404).type("text/plain").send("passed on");
  });
  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    errors.push(error);
    res.status(500).type("text/plain").send("error handler");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    errors,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

const loadContext = () => ({ cspNonce: "from-load-context", clientIp: "203.0.113.7" });

describe("page cache (nothing with Set-Cookie is ever stored)", () => {
  const cache = createPageCache({ getBuild: () => build, ttlSeconds: 60, loadContext });
  let site: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    site = await serve(cache);
  });
  afterAll(async () => {
    await site.close();
  });

  it("stores an anonymous page: the second request is a HIT with the same bytes, its scripts allowed by hash", async () => {
    const first = await request(`${site.url}/plain`);
    const second = await request(`${site.url}/plain`);
    expect(first.headers["x-page-cache"]).toBe("MISS");
    expect(second.headers["x-page-cache"]).toBe("HIT");
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(rendersOf.get("/plain")).toBe(1);
    // The stand-in nonce is gone: the scripts are named by hash in this page's own policy.
    expect(first.text).toMatch(
      /^<!DOCTYPE html><html><head><script>window.a=1<\/script><script>window.b=2<\/script><\/head>/,
    );
    expect(first.text).not.toContain("nonce");
    const csp = String(second.headers["content-security-policy"]);
    expect(csp).not.toContain("nonce");
    const scriptSrc = csp
      .split("; ")
      .find((directive) => directive.startsWith("script-src "))!
      .split(" ");
    expect(scriptSrc).toEqual(expect.arrayContaining(["'self'", sha256("window.a=1"), sha256("window.b=2")]));
    // The page's own headers, not the defaults set before it.
    expect(second.headers["cache-control"]).toBe("public, max-age=30");
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("renders with the request's headers, the load context and GET, at the public origin", async () => {
    const answer = await request(`${site.url}/echo?q=1`, {
      headers: { "x-test": "forwarded", "set-cookie": ["a=1", "b=2"] },
    });
    expect(answer.text).toContain("<p>x-test: forwarded</p>");
    expect(answer.text).toContain("<p>set-cookie: a=1, b=2</p>");
    expect(answer.text).toContain("<p>client 203.0.113.7</p>");
    expect(answer.text).toMatch(/<p>GET http:\/\/localhost:\d+\/echo\?q=1<\/p>/);
    // The query string is part of the key: another one is another page.
    const other = await request(`${site.url}/echo?q=2`);
    expect(other.headers["x-page-cache"]).toBe("MISS");
    expect(renderNumber(other)).not.toBe(renderNumber(answer));
  });

  it("serves the stored bytes compressed as the client asks, with their length and Vary", async () => {
    const identity = await request(`${site.url}/compressed`);
    const br = await request(`${site.url}/compressed`, { headers: { "accept-encoding": "br" } });
    const gzip = await request(`${site.url}/compressed`, { headers: { "accept-encoding": "gzip" } });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.text).toContain("<p>render ");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(identity.text);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString("utf8")).toBe(identity.text);
    for (const answer of [identity, br, gzip]) {
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    }
    expect(br.headers["x-page-cache"]).toBe("HIT");
  });

  it("answers HEAD from the same page, with no body", async () => {
    const head = await request(`${site.url}/head-first`, { method: "HEAD" });
    expect(head.headers["x-page-cache"]).toBe("MISS");
    expect(head.body.length).toBe(0);
    const get = await request(`${site.url}/head-first`);
    expect(get.headers["x-page-cache"]).toBe("HIT");
    expect(get.text).toContain("<p>GET http://localhost:");
    const again = await request(`${site.url}/head-first`, { method: "HEAD" });
    expect(again.headers["x-page-cache"]).toBe("HIT");
    expect(again.headers["content-length"]).toBe(String(get.body.length));
    expect(again.body.length).toBe(0);
  });

  it("passes on what it must not answer: members, authorization, other methods, private paths, data requests", async () => {
    const passedOn = [
      await request(`${site.url}/plain`, { headers: { cookie: "better-auth.session_token=x" } }),
      await request(`${site.url}/plain`, { headers: { authorization: "Bearer x" } }),
      await request(`${site.url}/plain`, { method: "POST" }),
      await request(`${site.url}/plain`, { method: "DELETE" }),
      await request(`${site.url}/dashboard`),
      await request(`${site.url}/plain.data`),
      await request(`${site.url}/staff-invitation?token=x`),
      await request(`${site.url}/plain?token=x`),
      await request(`${site.url}/plain?page=2&TOKEN=x`),
    ];
    for (const answer of passedOn) {
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expect(answer.status).toBe(404);
      expect(answer.text).toBe("passed on");
    }
    expect(rendersOf.has("/dashboard")).toBe(false);
    expect(rendersOf.has("/plain.data")).toBe(false);
    expect(rendersOf.has("/staff-invitation")).toBe(false);
  });

  it("still stores a page whose query has no token, and one whose parameter only looks like it", async () => {
    for (const path of ["/plain-query?page=2", "/plain-query?tokens=x&q=token%3Dx"]) {
      await request(`${site.url}${path}`);
      expect((await request(`${site.url}${path}`)).headers["x-page-cache"], path).toBe("HIT");
    }
  });

  it("never stores a page that says no-store: each request renders it again, with its own nonce", async () => {
    const first = await request(`${site.url}/no-store`);
    const second = await request(`${site.url}/no-store`);
    expect([first.headers["x-page-cache"], second.headers["x-page-cache"]]).toEqual(["MISS", "MISS"]);
    expect(renderNumber(second) - renderNumber(first)).toBe(1);
    expect(second.headers["cache-control"]).toBe("no-store");
    expect(second.text).toContain('nonce="fresh-nonce"');
  });

  it("never stores a response that sets a cookie: each request is rendered once again and gets its own cookies", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await request(`${site.url}/sets-cookie`));
    const numbers = answers.map(renderNumber);
    expect(numbers[1]! - numbers[0]!).toBe(1);
    expect(numbers[2]! - numbers[1]!).toBe(1);
    for (const [i, answer] of answers.entries()) {
      expect(answer.headers["x-page-cache"]).toBe("MISS");
      expect(answer.headers["set-cookie"]).toEqual([`visitor=${numbers[i]}; Path=/; HttpOnly`, "second=yes; Path=/"]);
      // Sent with this response's own nonce, under the policy set for it.
      expect(answer.text).toBe(
        html("fresh-nonce", [
          `render ${numbers[i]}`,
          answer.text.match(/<p>(GET [^<]*)<\/p>/)![1]!,
          "x-test: null",
          "set-cookie: null",
          "client 203.0.113.7",
        ]),
      );
      expect(answer.headers["content-security-policy"]).toBe(APP_CSP);
      expect(answer.headers["cache-control"]).toBe("public, max-age=30");
    }
  });

  it("drops the rendered length: the nonce changes the page's size", async () => {
    const answer = await request(`${site.url}/sets-cookie-with-length`);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<script nonce="fresh-nonce">window.a=1</script>');
    expect(answer.text.endsWith("</body></html>")).toBe(true);
  });

  it("stores only 200 HTML answers", async () => {
    for (const path of ["/teapot", "/json", "/text"]) {
      const first = await request(`${site.url}${path}`);
      const second = await request(`${site.url}${path}`);
      expect([first.headers["x-page-cache"], second.headers["x-page-cache"]]).toEqual(["MISS", "MISS"]);
      expect(rendersOf.get(path)).toBe(2);
      expect(second.text).toContain('nonce="fresh-nonce"');
    }
    expect((await request(`${site.url}/teapot`)).status).toBe(418);
  });

  it("concurrent requests for one page share its render", async () => {
    const answers = [request(`${site.url}/gated-shared`), request(`${site.url}/gated-shared`)];
    await until(() => site.arrivals.get("/gated-shared") === 2 && gates.length === 1, "both requests and one render");
    gates.shift()!.open();
    const [first, second] = await Promise.all(answers);
    expect(second!.text).toBe(first!.text);
    expect([first!.headers["x-page-cache"], second!.headers["x-page-cache"]]).toEqual(["MISS", "MISS"]);
    expect(rendersOf.get("/gated-shared")).toBe(1);
    expect(gates).toEqual([]);
    expect((await request(`${site.url}/gated-shared`)).headers["x-page-cache"]).toBe("HIT");
  });

  it("a request that waited for a page that sets a cookie gets its own render", async () => {
    const answers = Promise.all([request(`${site.url}/gated-cookie`), request(`${site.url}/gated-cookie`)]);
    await until(() => site.arrivals.get("/gated-cookie") === 2 && gates.length === 1, "both requests and one render");
    gates.shift()!.open();
    await until(() => gates.length === 1, "the second render");
    gates.shift()!.open();
    const [first, second] = await answers;
    expect(rendersOf.get("/gated-cookie")).toBe(2);
    expect(new Set([renderNumber(first!), renderNumber(second!)]).size).toBe(2);
    expect(first!.headers["set-cookie"]![0]).not.toBe(second!.headers["set-cookie"]![0]);
  });

  it("after clear(): pages are rendered again, and a render already under way is neither waited for nor stored", async () => {
    await request(`${site.url}/cleared`);
    expect((await request(`${site.url}/cleared`)).headers["x-page-cache"]).toBe("HIT");
    cache.clear();
    expect((await request(`${site.url}/cleared`)).headers["x-page-cache"]).toBe("MISS");

    const old = request(`${site.url}/gated-clear`);
    await until(() => gates.length === 1, "the first render");
    cache.clear();
    const fresh = request(`${site.url}/gated-clear`);
    await until(() => gates.length === 2, "a second render, not a wait for the first");
    gates.shift()!.open();
    const oldAnswer = await old;
    // The old render's answer went to its request, but it is not stored (it read old content),
    // and the new render under way is still the one later requests wait for.
    const joining = request(`${site.url}/gated-clear`);
    await until(() => site.arrivals.get("/gated-clear") === 3, "the third request");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gates.length).toBe(1);
    gates.shift()!.open();
    const [freshAnswer, joinedAnswer] = await Promise.all([fresh, joining]);
    expect(joinedAnswer!.text).toBe(freshAnswer!.text);
    expect(rendersOf.get("/gated-clear")).toBe(2);
    const stored = await request(`${site.url}/gated-clear`);
    expect(stored.headers["x-page-cache"]).toBe("HIT");
    expect(stored.text).toBe(freshAnswer!.text);
    expect(stored.text).not.toBe(oldAnswer.text);
  });
});

describe("page cache settings and failures", () => {
  it("stores nothing with a ttl of 0", async () => {
    const site = await serve(createPageCache({ getBuild: () => build, ttlSeconds: 0, loadContext }));
    try {
      const answer = await request(`${site.url}/no-ttl`);
      expect(answer.text).toBe("passed on");
      expect(rendersOf.has("/no-ttl")).toBe(false);
    } finally {
      await site.close();
    }
  });

  it("renders a page again once its ttl has passed", async () => {
    const site = await serve(createPageCache({ getBuild: () => build, ttlSeconds: 0.2, loadContext }));
    try {
      const first = await request(`${site.url}/short-lived`);
      await new Promise((resolve) => setTimeout(resolve, 400));
      const later = await request(`${site.url}/short-lived`);
      expect(later.headers["x-page-cache"]).toBe("MISS");
      expect(renderNumber(later)).toBeGreaterThan(renderNumber(first));
    } finally {
      await site.close();
    }
  });

  it("a render that fails is logged and handed to Express's error handling", async () => {
    const failure = new Error("build missing");
    const site = await serve(createPageCache({ getBuild: () => Promise.reject(failure), ttlSeconds: 60, loadContext }));
    const logged = vi.spyOn(getLogger(), "error").mockImplementation(() => {});
    try {
      const answer = await request(`${site.url}/broken?x=1`);
      expect(answer.status).toBe(500);
      expect(answer.text).toBe("error handler");
      expect(site.errors).toEqual([failure]);
      expect(logged).toHaveBeenCalledTimes(1);
      expect(logged).toHaveBeenCalledWith({ err: failure, path: "/broken" }, "page render failed");
    } finally {
      await site.close();
    }
  });
});
