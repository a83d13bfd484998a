import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./tests/e2e/support/chromium";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    trace: "retain-on-failure",
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
