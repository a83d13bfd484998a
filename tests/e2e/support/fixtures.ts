import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base, expect } from "@playwright/test";
import { sql } from "drizzle-orm";
import { startFakeBotApi, type FakeBotApi } from "../../helpers/fake-bot-api";
import { startFakeStripe, type FakeStripe } from "../../helpers/fake-stripe";
import { startFakeTronGrid, type FakeTronGrid } from "../../helpers/fake-trongrid";
import { freePort } from "./free-port";
import { contextRunsScripts, gotoWaitsForHydration } from "./hydration";

type Testing = typeof import("./server-entry.ts");
type Running = Awaited<ReturnType<Testing["startProductionServer"]>>;

/** The staff's Telegram group and support address a `staffAlerts` worker's server is given. */
export const STAFF_CHAT = -1009876543210;
export const SUPPORT_EMAIL = "support@signals.example";

type WorkerFixtures = {
  app: {
    url: string;
    testing: Testing;
    running: Running;
    dataDir: string;
    botApi?: FakeBotApi;
    stripe?: FakeStripe;
    tronGrid?: FakeTronGrid;
  };
  /**
   * The server gets a bot (pointed at a local Bot API stand-in, `app.botApi`), TELEGRAM_STAFF_CHAT
   * (STAFF_CHAT) and SUPPORT_EMAIL, so new contact messages alert the staff
   * (`test.use({ staffAlerts: true })`). Off by default: the other specs run with the bot off.
   */
  staffAlerts: boolean;
  /**
   * The server gets STRIPE_* keys and STRIPE_API_URL pointed at a local Stripe stand-in
   * (`app.stripe`, whose hosted page pays and signs the webhook event to this server), so card
   * payments are on (`test.use({ cardPayments: true })`). Off by default: no card option anywhere.
   */
  cardPayments: boolean;
  /**
   * The host name of PUBLIC_URL (the server still listens on 127.0.0.1). WebAuthn needs a
   * domain: Chromium refuses an IP address as relying party ("This is an invalid domain"), so
   * the passkey spec uses `test.use({ publicHost: "localhost" })` (a secure context as well).
   */
  publicHost: string;
  /**
   * The deposit watcher reads a local TronGrid stand-in (`app.tronGrid`), polling every second,
   * so a test can land a USDT transfer on a member's address (`test.use({ tronGrid: true })`).
   * Off by default: the other specs run with the watcher idle.
   */
  tronGrid: boolean;
};
type TestFixtures = {
  failOnConsoleError: void;
  hydratingContexts: void;
  freshAddress: void;
  /**
   * Console errors a test provokes on purpose and names, e.g. the browser's "Failed to load
   * resource … 415" for a refused upload (`test.use({ expectedConsoleErrors: [/…/] })`); every
   * other one still fails the test.
   */
  expectedConsoleErrors: RegExp[];
};

/**
 * Each Playwright worker starts the production build in its own process on a free port, with
 * its own fresh embedded database (seeded with the demo content), so tests can read the rows
 * the site wrote. House rule: a browser console error fails the test.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  publicHost: ["127.0.0.1", { scope: "worker", option: true }],
  staffAlerts: [false, { scope: "worker", option: true }],
  cardPayments: [false, { scope: "worker", option: true }],
  tronGrid: [false, { scope: "worker", option: true }],
  app: [
    async ({ publicHost, staffAlerts, cardPayments, tronGrid: withTronGrid }, use, workerInfo) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-${workerInfo.workerIndex}-`));
      // Production needs PUBLIC_URL, which names the port: pick a free one first.
      const port = await freePort();
      Object.assign(process.env, {
        NODE_ENV: "production",
        PORT: String(port),
        PUBLIC_URL: `http://${publicHost}:${port}`,
        // Each worker's database is thrown away: the development deposit key is fine here.
        ALLOW_DEV_TRON_KEY: "true",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        CONTACT_RATE_LIMIT: "100",
      });
      delete process.env.DATABASE_URL;
      const botApi = staffAlerts ? await startFakeBotApi() : undefined;
      if (botApi)
        Object.assign(process.env, {
          TELEGRAM_BOT_TOKEN: botApi.token,
          TELEGRAM_API_ROOT: botApi.apiRoot,
          TELEGRAM_STAFF_CHAT: String(STAFF_CHAT),
          SUPPORT_EMAIL,
        });
      const stripe = cardPayments ? await startFakeStripe() : undefined;
      for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"]) delete process.env[name];
      if (stripe)
        Object.assign(process.env, {
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_API_URL: stripe.url,
        });
      const tronGrid = withTronGrid ? await startFakeTronGrid() : undefined;
      for (const name of ["TRON_API_URL", "TRON_POLL_SECONDS"]) delete process.env[name];
      if (tronGrid) Object.assign(process.env, { TRON_API_URL: tronGrid.url, TRON_POLL_SECONDS: "1" });
      const testing = (await import(path.resolve("build/testing.js"))) as Testing;
      const running = await testing.startProductionServer();
      stripe?.setWebhookUrl(`${running.url}/api/payments/stripe/webhook`);
      await use({
        url: publicHost === "127.0.0.1" ? running.url : `http://${publicHost}:${port}`,
        testing,
        running,
        dataDir,
        botApi,
        stripe,
        tronGrid,
      });
      await running.close();
      await botApi?.close();
      await stripe?.close();
      await tronGrid?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    // Loading the server bundle and migrating a fresh PGlite takes seconds when idle, but over a
    // minute on a 2-core machine loaded by other builds (seen at load average 20): generous,
    // since it costs nothing when the start is quick.
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(gotoWaitsForHydration(page, { javaScriptEnabled: javaScriptEnabled !== false }));
  },
  // A page a test opens in a context it makes itself (a second visitor, a member beside the
  // staff) waits for hydration after a `goto` too, when that context runs scripts.
  hydratingContexts: [
    async ({ browser, javaScriptEnabled }, use) => {
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const context = await newContext.call(browser, options);
        const newPage = context.newPage.bind(context);
        const scripts = contextRunsScripts(options, javaScriptEnabled);
        context.newPage = async () => gotoWaitsForHydration(await newPage(), { javaScriptEnabled: scripts });
        return context;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
      }
    },
    { auto: true },
  ],
  expectedConsoleErrors: [[], { option: true }],
  // Every test is a new visitor: the per-address limits (ten sign-ups an hour, say) count the
  // browser's 127.0.0.1 on a server a worker keeps for many spec files, so which tests shared a
  // worker would otherwise decide whether a sign-up is refused. A test of a limit sets its own.
  freshAddress: [
    async ({ app }, use) => {
      const { db } = app.testing.getDatabase();
      await db.execute(sql`delete from rate_limits where key like ${"%:ip:127.0.0.1"}`);
      await use();
    },
    { auto: true },
  ],
  failOnConsoleError: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        // A page that is meant to be missing (the 404 screen, its .data request) is logged by
        // Chromium as a failed resource; a missing asset or image still fails the test.
        const url = new URL(msg.location().url || "about:blank");
        const isPage = !/\.(js|css|svg|png|jpe?g|webp|ico|woff2?)$/.test(url.pathname);
        if (isPage && msg.text().includes("status of 404")) return;
        if (expectedConsoleErrors.some((expected) => expected.test(`${msg.text()} (${msg.location().url})`))) return;
        errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use();
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
