import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./tests/e2e/support/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // Generous limits: they cost nothing while tests pass, and this 2-core machine shares its
  // cores with a browser, a server and password hashing, at times with a slower host too. A
  // back-office walk took 44 s of the old 60 on a slow host (load average 8 to 12 during the suite):
  // too close for a test that is not stuck, only slow.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: "list",
  use: {
    // Recording a trace of every test costs CPU this machine cannot spare; `--trace on` to debug.
    trace: "off",
    launchOptions: {
      executablePath: chromiumPath(),
      // Without these Chromium keeps calling home, and this machine's closed network refuses it.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
});
