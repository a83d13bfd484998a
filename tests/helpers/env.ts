import { afterAll, beforeAll } from "vitest";
import { resetSingleton } from "#server/lib/singleton";

/**
 * Sets environment variables for the test file and re-reads the configuration; afterwards
 * restores the previous values (so one file's settings never leak into the next).
 */
export function setTestEnv(vars: Record<string, string>) {
  const previous: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [name, value] of Object.entries(vars)) {
      previous[name] = process.env[name];
      process.env[name] = value;
    }
    resetSingleton("config");
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetSingleton("config");
  });
}
