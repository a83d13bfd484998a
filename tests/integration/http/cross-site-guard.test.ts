import type { Server } from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { defineAction } from "#server/http/action";
import { createApp } from "#server/http/app";
import { setSingleton } from "#server/lib/singleton";
import { withTestDataDir } from "../../helpers/env";
import { fakeBuild } from "../../helpers/fake-build";
import { captureLogLines } from "../../helpers/log-capture";

withTestDataDir("cross-site-guard");

/*
 * Hostile posts through the real Express app and React Router's real request handler, with a
 * build of three routes: a page with an action, an API (resource) route, and a page whose
 * action takes cross-site posts (as the newsletter's one-click unsubscribe does). Without the
 * early check, React Router answers a foreign Origin on a page action 400 and logs a stack
 * trace with console.error (which fails any test here).
 */

const ran = vi.fn();
const pageAction = defineAction({ run: async () => (ran("page"), { done: true }) });
const apiAction = defineAction({ run: async () => (ran("api"), { done: true }) });
const oneClickAction = defineAction({
  crossSiteBecause: "the signed token in the link is the only authority",
  run: async () => (ran("one-click"), { done: true }),
});

const Page = () => null;
const build = fakeBuild({
  entry: {
    module: {
      default: (_request: Request, status: number, headers: Headers) => new Response("the page", { status, headers }),
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: Page } },
    "routes/probe": {
      id: "routes/probe",
      parentId: "root",
      path: "probe",
      module: { default: Page, action: pageAction },
    },
    "routes/api.probe": { id: "routes/api.probe", parentId: "root", path: "api/probe", module: { action: apiAction } },
    "routes/one-click": {
      id: "routes/one-click",
      parentId: "root",
      path: "letters/one-click",
      module: { default: Page, action: oneClickAction },
    },
  },
});

let server: Server;
let base: string;
let capture: ReturnType<typeof captureLogLines>;

beforeAll(async () => {
  server = await new Promise<Server>((resolve) => {
    const s = createApp({ getBuild: () => build }).listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  ran.mockClear();
  capture = captureLogLines({ level: "debug" });
  setSingleton("logger", capture.log);
});

type LogLine = { level: number; msg: string; [field: string]: unknown };
const logLines = () =>
  capture
    .output()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
/** What the log got above info (the per-request info line aside). */
const warningsAndErrors = () => logLines().filter((line) => line.level > 30);

const post = (path: string, headers: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: "name=x",
  });

// The three ways a browser shows a post is another site's.
const HOSTILE: Record<string, string>[] = [
  { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "cross-site" },
  { "sec-fetch-site": "same-site" },
];

describe("a cross-site post is answered 403 before React Router, with one warn line", () => {
  it("a foreign Origin on a page action: 403 text, one warn line without a stack, no error", async () => {
    const answer = await post("/probe", { origin: "https://evil.example" });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await answer.text()).toBe("Cross-site request refused.");
    expect(warningsAndErrors()).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "cross-site request refused",
        method: "POST",
        path: "/probe",
        reason: "foreign Origin",
      }),
    ]);
    expect(warningsAndErrors()[0]).not.toHaveProperty("err");
    expect(capture.output()).not.toMatch(/stack|at .*\.js:\d+/i);
    expect(ran).not.toHaveBeenCalled();
  });

  it("its .data form: 403 with the pipeline's envelope, one warn line, no error", async () => {
    const answer = await post("/probe.data", { origin: "https://evil.example" });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ ok: false, error: "Cross-site request refused." });
    expect(warningsAndErrors()).toEqual([
      expect.objectContaining({ level: 40, path: "/probe.data", reason: "foreign Origin" }),
    ]);
    expect(capture.output()).not.toMatch(/stack/i);
    expect(ran).not.toHaveBeenCalled();
  });

  it.each(HOSTILE)("page action, its .data form and an API route, every mutation method: %o", async (headers) => {
    for (const path of ["/probe", "/probe.data", "/api/probe"]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const answer = await fetch(`${base}${path}`, { method, headers });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(await answer.text(), `${method} ${path}`).toContain("Cross-site request refused.");
      }
    }
    expect(warningsAndErrors()).toHaveLength(12);
    expect(warningsAndErrors().every((line) => line.level === 40 && !("err" in line))).toBe(true);
    expect(ran).not.toHaveBeenCalled();
  });

  it("the site's own posts, the user's own navigation and clients without either header go through", async () => {
    const own = base;
    const passing: Record<string, string>[] = [
      { origin: own, "sec-fetch-site": "same-origin" },
      { origin: own },
      { "sec-fetch-site": "none" },
      {},
    ];
    for (const headers of passing) {
      const page = await post("/probe", headers);
      expect(page.status, JSON.stringify(headers)).toBe(200);
      const api = await post("/api/probe", headers);
      expect(api.status, JSON.stringify(headers)).toBe(200);
      expect(await api.json()).toEqual({ ok: true, done: true });
    }
    expect(ran).toHaveBeenCalledTimes(8);
    expect(warningsAndErrors()).toEqual([]);
  });

  it("a route that states why it takes cross-site posts gets them, but not a foreign Origin the framework would refuse", async () => {
    const crossSite: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      {},
    ];
    for (const headers of crossSite) {
      expect((await post("/letters/one-click", headers)).status, JSON.stringify(headers)).toBe(200);
      expect((await post("/letters/one-click.data", headers)).status, JSON.stringify(headers)).toBe(200);
    }
    expect(ran).toHaveBeenCalledTimes(6);
    expect(warningsAndErrors()).toEqual([]);
    const foreign = await post("/letters/one-click", {
      origin: "https://evil.example",
      "sec-fetch-site": "cross-site",
    });
    expect(foreign.status).toBe(403);
    expect(warningsAndErrors()).toEqual([expect.objectContaining({ level: 40, reason: "foreign Origin" })]);
    expect(ran).toHaveBeenCalledTimes(6);
  });

  it("the operator API and the Telegram webhook (no cookies, no browser) answer as before", async () => {
    const clients: Record<string, string>[] = [{}, { "sec-fetch-site": "cross-site" }];
    for (const headers of clients) {
      const ops = await fetch(`${base}/api/ops/credit`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{}",
      });
      expect(ops.status, JSON.stringify(headers)).toBe(401);
      const webhook = await fetch(`${base}/api/telegram/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: "{}",
      });
      expect(webhook.status, JSON.stringify(headers)).not.toBe(403);
    }
    expect(warningsAndErrors().filter((line) => line.msg === "cross-site request refused")).toEqual([]);
  });
});

describe("a mutation to an address without an action is answered 405 before React Router, with nothing logged", () => {
  it.each(["POST", "PUT", "PATCH", "DELETE"])(
    "%s to a page without an action, its .data form, an unknown API address",
    async (method) => {
      for (const path of ["/", "/_root.data", "/nothing", "/nothing.data", "/api/nothing"]) {
        const answer = await fetch(`${base}${path}`, { method, headers: { "sec-fetch-site": "same-origin" } });
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.get("allow"), `${method} ${path}`).toBe("GET, HEAD");
        expect(answer.headers.get("cache-control"), `${method} ${path}`).toBe("no-store");
        const json = path.startsWith("/api/") || path.endsWith(".data");
        if (json) expect(await answer.json(), `${method} ${path}`).toEqual({ ok: false, error: "Method not allowed." });
        else expect(await answer.text(), `${method} ${path}`).toBe("Method not allowed.");
      }
      // The request log line says 405; no warning, no error, no stack trace.
      expect(warningsAndErrors()).toEqual([]);
      expect(capture.output()).not.toMatch(/stack/i);
      expect(ran).not.toHaveBeenCalled();
    },
  );

  it("an address with an action still gets every method: the pipeline answers what it does not take", async () => {
    expect((await post("/probe", {})).status).toBe(200);
    expect((await post("/probe.data", {})).status).toBe(200);
    const put = await fetch(`${base}/api/probe`, { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("POST");
    expect(ran).toHaveBeenCalledTimes(2);
    expect(warningsAndErrors()).toEqual([]);
  });
});

describe("OPTIONS is answered before React Router (which logs a stack trace for it), with nothing logged", () => {
  it("a page, its .data form, an API route, an unknown address and the server itself: 204 with Allow", async () => {
    const cases: [string, string][] = [
      ["/", "GET, HEAD, OPTIONS"],
      ["/_root.data", "GET, HEAD, OPTIONS"],
      ["/nothing", "GET, HEAD, OPTIONS"],
      ["/probe", "GET, HEAD, POST, OPTIONS"],
      ["/probe.data", "GET, HEAD, POST, OPTIONS"],
      ["/api/probe", "GET, HEAD, POST, OPTIONS"],
      ["/api/nothing", "GET, HEAD, OPTIONS"],
    ];
    for (const [path, allow] of cases) {
      // A preflight's headers open nothing: no CORS header comes back.
      const answer = await fetch(`${base}${path}`, {
        method: "OPTIONS",
        headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
      });
      expect(answer.status, path).toBe(204);
      expect(answer.headers.get("allow"), path).toBe(allow);
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
      expect(
        [...answer.headers.keys()].filter((name) => name.startsWith("access-control-")),
        path,
      ).toEqual([]);
      expect(await answer.text(), path).toBe("");
    }
    const star = await rawRequest("OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    expect(star).toMatch(/^HTTP\/1\.1 204 /);
    expect(star).toMatch(/^allow: GET, HEAD, POST, OPTIONS\r$/im);
    // The request log line says 204; no warning, no error, no stack trace.
    expect(warningsAndErrors()).toEqual([]);
    expect(
      logLines()
        .filter((line) => line.method === "OPTIONS")
        .map((line) => line.status),
    ).toEqual(Array(cases.length + 1).fill(204));
    expect(capture.output()).not.toMatch(/stack/i);
    expect(ran).not.toHaveBeenCalled();
  });
});

/** A request written by hand, for a target fetch cannot send ("*"). */
function rawRequest(text: string): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.end(text));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")));
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}
