import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import type { Database } from "#server/db/client";
import { resetSingleton, singletonValue } from "#server/lib/singleton";

/**
 * Sets environment variables for the test file and re-reads the configuration; afterwards
 * closes what the process opened from that configuration and restores the previous values
 * (so one file's settings never leak into the next).
 */
export function setTestEnv(vars: Record<string, string>, options: { afterRestore?: () => void } = {}) {
  const previous: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [name, value] of Object.entries(vars)) {
      previous[name] = process.env[name];
      process.env[name] = value;
    }
    forgetConfiguration();
  });
  afterAll(async () => {
    await closeProcessResources();
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    forgetConfiguration();
    options.afterRestore?.();
  });
}

/**
 * A temporary DATA_DIR for the test file (plus any other variables). It owns the order that
 * keeps the suite from failing at random: whatever the process opened on the folder (the
 * process database, mail transports) is closed, awaited, before the folder is removed. A
 * database still opening on a removed folder fails inside PGlite's file layer (ErrnoError 44).
 */
export function withTestDataDir(prefix: string, vars: Record<string, string> = {}): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  setTestEnv(
    { DATA_DIR: dataDir, ...vars },
    { afterRestore: () => fs.rmSync(dataDir, { recursive: true, force: true }) },
  );
  return dataDir;
}

/** Closes the process database and mail transport if anything opened them, then forgets them. */
export async function closeProcessResources() {
  await singletonValue<Database>("database")?.close();
  singletonValue<{ close: () => void }>("smtp-transport")?.close();
  for (const name of ["database", "smtp-transport", "outbox-transport", "telegram-bot", "auth"]) resetSingleton(name);
}

function forgetConfiguration() {
  // The logger reads LOG_LEVEL from the configuration: both are re-read on next use.
  resetSingleton("config");
  resetSingleton("logger");
}

/** Lets each test choose PUBLIC_URL (undefined: unset); the value before the file is back after each test. */
export function publicUrlPerTest() {
  const saved = process.env.PUBLIC_URL;
  const use = (value: string | undefined) => {
    if (value === undefined) delete process.env.PUBLIC_URL;
    else process.env.PUBLIC_URL = value;
    resetSingleton("config");
  };
  afterEach(() => use(saved));
  return use;
}

/**
 * Stubs environment variables for the current test and re-reads the configuration. The test
 * file's `afterEach` undoes it: `vi.unstubAllEnvs()` and `resetSingleton("config")`.
 */
export function stubConfigEnv(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetSingleton("config");
}
