import { expect, test, type Page } from "@playwright/test";
import { contextRunsScripts, gotoWaitsForHydration } from "./hydration";

/*
 * The walks' premise that a tap right after `goto` reaches a hydrated page, checked on a stand-in
 * page (no browser, no server): which `goto`s wait for hydration and which must not (a page that
 * never hydrates would hold each of them 10 s, enough to fail a test that reads a clock-bound
 * answer such as Retry-After).
 */
function standIn({ contentType = "text/html; charset=utf-8", moduleScripts = 1 } = {}) {
  const waits: string[] = [];
  let last = "";
  const page = {
    goto: async (url: string) => {
      last = url;
      return { headers: () => ({ "content-type": contentType }) };
    },
    locator: () => ({ count: async () => moduleScripts }),
    waitForFunction: async () => {
      waits.push(last);
    },
  };
  return { page: page as unknown as Page, waits };
}

test("a goto that waited for the load of a scripted HTML page waits for hydration, once per goto", async () => {
  const { page, waits } = standIn();
  gotoWaitsForHydration(page, { javaScriptEnabled: true });
  // Wrapped again (a page reached by two fixtures): still one wait a goto.
  gotoWaitsForHydration(page, { javaScriptEnabled: true });
  await page.goto("/pricing");
  await page.goto("/dashboard", { waitUntil: "networkidle" });
  expect(waits).toEqual(["/pricing", "/dashboard"]);
});

test("no wait without scripts, before the load, for an answer that is not HTML, or a page with no module script", async () => {
  const off = standIn();
  gotoWaitsForHydration(off.page, { javaScriptEnabled: false });
  await off.page.goto("/signin");

  const early = standIn();
  gotoWaitsForHydration(early.page, { javaScriptEnabled: true });
  await early.page.goto("/pricing", { waitUntil: "domcontentloaded" });
  await early.page.goto("/pricing", { waitUntil: "commit" });

  const json = standIn({ contentType: "application/json" });
  gotoWaitsForHydration(json.page, { javaScriptEnabled: true });
  await json.page.goto("/api/health");

  const bare = standIn({ moduleScripts: 0 });
  gotoWaitsForHydration(bare.page, { javaScriptEnabled: true });
  await bare.page.goto("/robots.txt");

  expect([...off.waits, ...early.waits, ...json.waits, ...bare.waits]).toEqual([]);
});

test("a context a test makes runs scripts as its own options say, else as the test's option says", () => {
  expect(contextRunsScripts(undefined, true)).toBe(true);
  expect(contextRunsScripts({}, true)).toBe(true);
  // A test run without JavaScript: its contexts have none unless one asks for it.
  expect(contextRunsScripts(undefined, false)).toBe(false);
  expect(contextRunsScripts({ baseURL: "http://127.0.0.1" }, false)).toBe(false);
  expect(contextRunsScripts({ javaScriptEnabled: true }, false)).toBe(true);
  expect(contextRunsScripts({ javaScriptEnabled: false }, true)).toBe(false);
});
