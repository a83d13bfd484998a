// @ts-check
// `npm run test:mutation [-- <area> ...] [-- <stryker options>]`: mutation testing with StrykerJS,
// one Stryker run per area (see docs/testing.md). Without an area it runs every area in turn
// (long on 2 cores). Arguments starting with `-` go to `stryker run`, e.g. `--force` (ignore the
// incremental results) or `--concurrency 1`. STRYKER_AREA=a,b picks areas too.
import { spawnSync } from "node:child_process";
import console from "node:console";
import fs from "node:fs";
import process from "node:process";
import { areas, groups } from "./stryker.areas.mjs";

// `--retest-survivors` (ours, not Stryker's): before each area's run, drop from its results file
// every result but the killed ones, so survivors and uncovered mutants are tested again. An
// incremental run alone would take a static survivor from the file even after a test for it was
// added (a static mutant has no per-test coverage for the diff to notice); killed results stay
// valid while the code and the killing tests are unchanged, which the incremental diff checks.
const retestSurvivors = process.argv.includes("--retest-survivors");
const args = process.argv.slice(2).filter((a) => a !== "--retest-survivors");
const known = (/** @type {string} */ a) => Object.hasOwn(areas, a) || Object.hasOwn(groups, a);
const named = args.filter((a) => !a.startsWith("-") && known(a));
const unknown = args.filter((a) => !a.startsWith("-") && !known(a));
const fromEnv = (process.env.STRYKER_AREA ?? "").split(",").filter(Boolean);
const passThrough = args.filter((a) => !named.includes(a) && !unknown.includes(a));

// A value of an option (`--concurrency 1`) is not an area: keep it with its option.
for (const value of [...unknown]) {
  const at = args.indexOf(value);
  if (at > 0 && args[at - 1].startsWith("--") && !args[at - 1].includes("=")) {
    unknown.splice(unknown.indexOf(value), 1);
    passThrough.splice(passThrough.indexOf(args[at - 1]) + 1, 0, value);
  }
}
const badEnv = fromEnv.filter((a) => !known(a));
if (unknown.length > 0 || badEnv.length > 0) {
  console.error(
    `Unknown area ${[...unknown, ...badEnv].join(", ")}; the areas are: ${Object.keys(areas).join(", ")}` +
      ` (groups: ${Object.keys(groups).join(", ")})`,
  );
  process.exit(2);
}
const chosen = named.length > 0 ? named : fromEnv.length > 0 ? fromEnv : Object.keys(areas);
// A group name (`auth`) stands for its areas; each area runs once even when named twice.
const selected = [...new Set(chosen.flatMap((a) => groups[a] ?? [a]))];

/** Mutation score as Stryker counts it: (killed + timeout) / (killed + timeout + survived + no coverage). */
/** Mutants by status in the areas' results files (null when one has none). */
/** @param {string[]} names */
function countStatuses(names) {
  /** @type {Record<string, number>} */
  const count = {};
  for (const area of names) {
    const file = `reports/stryker-incremental/${area}.json`;
    if (!fs.existsSync(file)) return null;
    /** @type {{ files: Record<string, { mutants: { status: string }[] }> }} */
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    for (const { mutants } of Object.values(report.files)) {
      for (const { status } of mutants) count[status] = (count[status] ?? 0) + 1;
    }
  }
  return count;
}

/** @param {string[]} names */
function summarise(names) {
  const count = countStatuses(names);
  if (!count) return "no results file";
  const detected = (count.Killed ?? 0) + (count.Timeout ?? 0);
  const valid = detected + (count.Survived ?? 0) + (count.NoCoverage ?? 0);
  const score = valid === 0 ? "n/a" : `${((100 * detected) / valid).toFixed(2)} %`;
  return `${score} (killed ${count.Killed ?? 0}, timeout ${count.Timeout ?? 0}, survived ${count.Survived ?? 0}, no coverage ${count.NoCoverage ?? 0})`;
}

/** @param {string} area */
function keepOnlyKilled(area) {
  const file = `reports/stryker-incremental/${area}.json`;
  if (!fs.existsSync(file)) return;
  /** @type {{ files: Record<string, { mutants: { status: string }[] }> }} */
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  let dropped = 0;
  for (const entry of Object.values(report.files)) {
    const kept = entry.mutants.filter((m) => m.status === "Killed");
    dropped += entry.mutants.length - kept.length;
    entry.mutants = kept;
  }
  fs.writeFileSync(file, JSON.stringify(report));
  console.log(`${area}: ${dropped} results other than "killed" dropped from ${file}; they are tested again`);
}

const lines = [];
let failed = false;
for (const area of selected) {
  const started = Date.now();
  console.log(`\n▶ mutation testing: ${area}`);
  if (retestSurvivors) keepOnlyKilled(area);
  const result = spawnSync("npx", ["stryker", "run", "stryker.config.mjs", ...passThrough], {
    stdio: "inherit",
    env: { ...process.env, STRYKER_AREA: area },
  });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  failed ||= result.status !== 0;
  lines.push(
    `${area}: ${result.status === 0 ? summarise([area]) : `stryker failed (exit ${result.status})`} in ${minutes} min`,
  );
}
// A group's score counts every mutant of its areas, from their results files (areas not run now
// included), as if it were one area.
for (const group of chosen.filter((a) => Object.hasOwn(groups, a))) {
  lines.push(`${group} (${groups[group].join(", ")}): ${summarise(groups[group])}`);
}
console.log(`\nMutation scores (target 85 %):\n${lines.map((l) => `  ${l}`).join("\n")}`);
process.exit(failed ? 1 : 0);
