import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache.ts";

// A stand-in React Router build: every document request is answered by the entry below, so
// the test decides exactly which headers a page comes with. Each answer carries a render
// counter, so a stored page shows up as the same number twice.
let renders = 0;
const build = {
  entry: {
    module: {
      default: (request: Request, status: number, headers: Headers) => {
        renders++;
        headers.set("Content-Type", "text/html; charset=utf-8");
        if (new URL(request.url).pathname === "/sets-cookie") headers.append("Set-Cookie", "visitor=abc; Path=/; HttpOnly");
        return new Response(`<!DOCTYPE html><html><body><p>render ${renders}</p></body></html>`, { status, headers });
      },
    },
  },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    page: { id: "page", parentId: "root", path: "*", module: { default: () => null } },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

describe("page cache (DESIGN.md §6: nothing with Set-Cookie is ever stored)", () => {
  let url: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const cache = createPageCache({ getBuild: () => build, ttlSeconds: 60, loadContext: () => ({ cspNonce: "unused", clientIp: "127.0.0.1" }) });
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = "fresh-nonce";
      next();
    });
    app.use(cache.middleware);
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  });
  afterAll(async () => {
    await close();
  });

  it("stores an anonymous page: the second request is a HIT with the same bytes", async () => {
    const first = await fetch(`${url}/plain`);
    const second = await fetch(`${url}/plain`);
    expect(first.headers.get("x-page-cache")).toBe("MISS");
    expect(second.headers.get("x-page-cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    // A request with any cookie (a member) never gets the stored page: it passes to the next handler.
    const member = await fetch(`${url}/plain`, { headers: { cookie: "better-auth.session_token=x" } });
    expect(member.headers.get("x-page-cache")).toBeNull();
    expect(member.status).toBe(404);
  });

  it("never stores a response that sets a cookie: each request is rendered again and gets its own cookie", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${url}/sets-cookie`);
      answers.push({ cache: response.headers.get("x-page-cache"), cookie: response.headers.getSetCookie(), body: await response.text() });
    }
    for (const answer of answers) {
      expect(answer.cache).toBe("MISS");
      expect(answer.cookie).toEqual(["visitor=abc; Path=/; HttpOnly"]);
    }
    expect(new Set(answers.map((a) => a.body)).size).toBe(3);
  });
});
