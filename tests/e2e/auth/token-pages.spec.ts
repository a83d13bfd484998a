import { randomBytes } from "node:crypto";
import { tokenPages } from "../../helpers/token-pages";
import { expect, test } from "../support/fixtures";

/*
 * Every page of the route table whose address carries a one-time token (found by reading the
 * page modules, tests/helpers/token-pages.ts) answers `no-store` and never comes from the page
 * cache, not even the second time it is asked for: once the link is used, a copy made before
 * would still offer it.
 */
const pages = tokenPages();

test("the pages behind one-time links are found in the route table", () => {
  expect(pages.map((page) => page.path)).toContain("/staff-invitation");
  expect(pages.length).toBeGreaterThanOrEqual(5);
});

for (const { path } of pages) {
  test(`${path}?token=…: no-store, and never from the page cache`, async ({ request }) => {
    const url = `${path}?token=${randomBytes(32).toString("base64url")}`;
    for (const attempt of ["first", "second"]) {
      const page = await request.get(url, { maxRedirects: 0 });
      expect(page.headers()["cache-control"], `${url} (${attempt})`).toBe("no-store");
      expect(page.headers()["x-page-cache"] ?? "", `${url} (${attempt})`).not.toBe("HIT");
    }
    const data = await request.get(`${path}.data?token=x`, { maxRedirects: 0 });
    expect(data.headers()["cache-control"], `${path}.data`).toBe("no-store");
  });
}

test("any page asked for with a token in its address is neither cached nor served from the cache", async ({
  request,
}) => {
  // The page is in the cache already; the address with a token must still not get that copy.
  await request.get("/terms-of-service");
  expect((await request.get("/terms-of-service")).headers()["x-page-cache"]).toBe("HIT");
  for (const attempt of ["first", "second"]) {
    const page = await request.get("/terms-of-service?token=x");
    expect(page.status()).toBe(200);
    expect(page.headers()["cache-control"], attempt).toBe("no-store");
    expect(page.headers()["x-page-cache"], attempt).toBeUndefined();
  }
});
