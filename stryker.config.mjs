// @ts-check
// StrykerJS configuration for `npm run test:mutation` (see docs/testing.md). Stryker runs one
// area at a time: `stryker.run.mjs` sets STRYKER_AREA and starts `stryker run stryker.config.mjs`
// once per area. Each area keeps its own incremental results file, committed under
// reports/stryker-incremental/, because Stryker writes into that file only the files it mutated
// in that run: one shared file would forget every other area's results after a one-area run.
import process from "node:process";
import { areas } from "./stryker.areas.mjs";

const area = process.env.STRYKER_AREA ?? "";
if (!Object.hasOwn(areas, area)) {
  throw new Error(
    `STRYKER_AREA must name one area (${Object.keys(areas).join(", ")}); got "${area}". ` +
      "Run it through `npm run test:mutation -- <area>`.",
  );
}
const { mutate } = areas[area];

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  // The project's own Vitest config (aliases `~` and `#server`, setup files, the global setup
  // that builds the PGlite template, NODE_ENV=test), narrowed to the area's own tests where
  // stryker.areas.mjs names them. The runner itself forces one worker thread per Stryker process
  // (`pool: "threads"`, `maxWorkers: 1`).
  vitest: { configFile: "vitest.stryker.config.mjs", related: true },
  // Only the tests whose imports reach the mutated files run (Vitest's related mode), and per
  // mutant only the tests that executed it (perTest coverage).
  coverageAnalysis: "perTest",
  mutate: [...mutate, "!**/*.test.ts"],
  // Not copied into the sandbox: build output, the embedded database, reports, browser tests.
  ignorePatterns: [
    "build",
    "data",
    "reports",
    "test-results",
    "playwright-report",
    ".react-router",
    "tests/e2e",
    ".ci",
  ],
  // TypeScript is stripped by Vite, not checked, so no checker (a mutant that would not compile
  // is still run; it is rare with Stryker's mutators and costs only a test run).
  checkers: [],
  // 2-core machine shared with other test runs: at most 2 workers (STRYKER_CONCURRENCY=1 on a
  // busy machine).
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  // A mutant times out after 2 x its tests' time in the dry run + 60 s. Generous on purpose: a
  // timeout counts as killed, and on a loaded 2-core machine a static mutant (which reloads
  // Vitest and the global setup, ~20 s of overhead the dry run's net time does not include) hit
  // a 10 s margin spuriously. Real infinite loops are still caught early by Stryker's hit limit.
  timeoutFactor: 2,
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
  incremental: true,
  incrementalFile: `reports/stryker-incremental/${area}.json`,
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: `reports/mutation/${area}.html` },
  clearTextReporter: { allowColor: false, logTests: false, reportTests: false, reportMutants: true },
  thresholds: { high: 85, low: 70, break: null },
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
};

export default config;
