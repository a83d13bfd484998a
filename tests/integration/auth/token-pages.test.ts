import { describe, expect, it } from "vitest";
import { isPrivateRequest } from "#server/http/private-paths";
import { tokenPages } from "../../helpers/token-pages";

/*
 * A page whose address carries a one-time token answers for that token: once the link is used,
 * a copy made before must not be replayed, by our page cache or by a browser or proxy. Each
 * such page of the route table is private by its path alone (its data requests too), so the
 * rule holds even for a link whose token sits under another name. The browser suite asks each
 * of them over HTTP (tests/e2e/auth/token-pages.spec.ts).
 */
describe("pages behind one-time links", () => {
  const pages = tokenPages();

  it("are found in the route table", () => {
    expect(pages.map((page) => page.path).sort()).toEqual([
      "/broadcasts/unsubscribe",
      "/newsletter/confirm",
      "/newsletter/unsubscribe",
      "/reset-password",
      "/staff-invitation",
      "/verify-email",
    ]);
  });

  it.each(pages)("$path: private by its path, and its data requests too", ({ path }) => {
    expect(isPrivateRequest({ path, originalUrl: path })).toBe(true);
    expect(isPrivateRequest({ path: `${path}.data`, originalUrl: `${path}.data` })).toBe(true);
  });
});
