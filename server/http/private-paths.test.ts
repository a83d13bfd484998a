import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivateRequest, noStoreForPrivatePaths } from "./private-paths.ts";

const at = (originalUrl: string) => ({ path: originalUrl.split("?")[0]!, originalUrl });

describe("isPrivateRequest", () => {
  it.each([
    "/dashboard",
    "/dashboard.data",
    "/admin/posts/7",
    "/api/contact",
    "/reset-password",
    "/verify-email",
    "/newsletter/confirm",
    "/newsletter/unsubscribe.data",
    "/staff-invitation",
    "/staff-invitation.data",
    "/signin/code",
  ])("%s is private by its path", (path) => {
    expect(isPrivateRequest(at(path))).toBe(true);
  });

  it.each(["/?token=x", "/blog?page=2&token=", "/pricing?TOKEN=x", "/terms-of-service?Token=a%20b"])(
    "%s carries a token: private whatever the path",
    (url) => {
      expect(isPrivateRequest(at(url))).toBe(true);
    },
  );

  it.each([
    "/",
    "/blog?page=2",
    "/blog?q=token%3Dx",
    "/pricing?tokens=x",
    "/staff-invitations",
    "/newsletters",
    "/blog/reset-password",
  ])("%s is public", (url) => {
    expect(isPrivateRequest(at(url))).toBe(false);
  });
});

describe("noStoreForPrivatePaths", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(noStoreForPrivatePaths());
    // What React Router does: its own Cache-Control, written after the middleware ran.
    app.use((_req, res) => {
      res.setHeader("Cache-Control", "public, max-age=30");
      res.type("text/html").send("page");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it.each(["/staff-invitation?token=x", "/staff-invitation", "/blog?token=x", "/dashboard"])(
    "%s: no-store, whatever the route set",
    async (path) => {
      expect((await fetch(`${base}${path}`)).headers.get("cache-control")).toBe("no-store");
    },
  );

  it("leaves a public page's own Cache-Control alone", async () => {
    expect((await fetch(`${base}/blog?page=2`)).headers.get("cache-control")).toBe("public, max-age=30");
  });
});
