// The pages bench's browser part: what a visitor's phone measures, with Lighthouse 13 driving
// Debian's Chromium as the Lighthouse CLI does (chrome-launcher with its default flags plus the ones
// below), mobile preset, default simulated throttling, a fresh cache for every run.
//   scored pages  every one of BENCH_LH_RUNS runs (5 by default): performance score, total blocking
//                 time, LCP (simulated) and the longest main-thread task with what it was made of
//                 (script evaluation, style and layout, parsing...), so a change that adds blocking
//                 time names itself; each run must meet the targets, not only a median
//   every page    the JavaScript transferred
// Lighthouse and chrome-launcher are not the app's packages: they live in bench/ with their own
// package.json and lockfile, installed here on first use (./bench-tools.ts), and run as a child
// program (bench/lighthouse.mjs) that prints one trimmed report per run.
// "JavaScript transferred" is what Lighthouse's network-requests audit lists: the transferSize
// (compressed body plus response headers) of every Script request Chromium made until the load
// settled (Lighthouse waits for the network and the CPU to be quiet after the load event), so a
// part fetched right after hydration counts, and one fetched only when the reader scrolls does not.
import fs from "node:fs";
import os from "node:os";
import { kb } from "./bench-server.ts";
import { runBenchTool } from "./bench-tools.ts";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const TARGET_SCORE = 0.98; // Lighthouse performance, mobile, every run of each scored page
const TARGET_TBT_MS = 150; // simulated total blocking time, every run
const TARGET_LCP_MS = 1500; // simulated, every run
const TARGET_HOME_JS = 130_000; // JavaScript transferred during the load of `/`
const TARGET_PAGE_JS = 140_000; // … of every public page
const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_LH_RUNS ?? "", 10) || 5);

const GROUP_NAMES: Record<string, string> = {
  scriptEvaluation: "script",
  scriptParseCompile: "script parse/compile",
  styleLayout: "style/layout",
  parseHTML: "HTML/CSS parse",
  paintCompositeRender: "paint",
  garbageCollection: "GC",
  other: "other",
};

/** A main-thread task as the simulation timed it, with its time per kind of work and per trace event. */
type Task = {
  startTime: number;
  duration: number;
  observed: number;
  url: string;
  groups: Record<string, number>;
  events: Record<string, number>;
};
type Lhr = {
  lighthouseVersion: string;
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
};

export type ScoredRun = { score: number; tbtMs: number; lcpMs: number; fcpMs: number; longest: string };

export type BrowserRun = {
  path: string;
  /** Scored pages: every run, in order. */
  runs?: ScoredRun[];
  scriptBytes: number;
  scripts: number;
  files: string[];
};

/** A task in a line: its simulated length and start, what it was made of, and the script it is charged to. */
export function describeTask(task: Task | undefined): string {
  if (!task) return "none ≥ 50 ms";
  const top = (map: Record<string, number>, name: (key: string) => string) =>
    Object.entries(map)
      .slice(0, 3)
      .map(([key, value]) => `${name(key)} ${value}`)
      .join(", ");
  const where = /\/assets\//.test(task.url) ? task.url.replace(/^.*\/assets\//, "") : task.url ? "the page" : "";
  return `${task.duration} ms at ${task.startTime} ms: ${top(task.groups, (key) => GROUP_NAMES[key] ?? key)} [${top(task.events, (key) => key)}]${where ? ` ${where}` : ""}`;
}

function scriptsOf(path: string, lhr: Lhr): Omit<BrowserRun, "runs"> {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === "Script");
  return {
    path,
    scriptBytes: scripts.reduce((sum, s) => sum + Number(s.transferSize ?? 0), 0),
    scripts: scripts.length,
    // Named in the output only with BENCH_VERBOSE: which files were fetched, for finding what is heavy.
    files: scripts.map(
      (s) =>
        `${String(s.url).replace(/^.*\/assets\//, "")} ${s.transferSize} B at ${Math.round(Number(s.networkRequestTime))} ms`,
    ),
  };
}

function scoredRun(lhr: Lhr, tasks: Task[]): ScoredRun {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? 0,
    tbtMs: value("total-blocking-time"),
    lcpMs: value("largest-contentful-paint"),
    fcpMs: value("first-contentful-paint"),
    longest: describeTask(tasks[0]),
  };
}

/**
 * Runs Lighthouse on each page (the scored ones RUNS times, in full), one Chromium for all of
 * them. BENCH_LH_SAVE=<dir> keeps every run's whole report and trace there, for reading the tasks.
 */
export async function measureInBrowser(baseUrl: string, scored: string[], others: string[]) {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  // The page cache keeps what it rendered once: the measured load is a visitor's, not the first render.
  for (const path of [...scored, ...others]) await fetch(`${baseUrl}${path}`).then((r) => r.arrayBuffer());
  const saveDir = process.env.BENCH_LH_SAVE;
  if (saveDir) fs.mkdirSync(saveDir, { recursive: true });
  const job = {
    chromium: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    saveDir,
    jobs: [
      ...scored.map((path) => ({ url: `${baseUrl}${path}`, runs: RUNS, scored: true })),
      ...others.map((path) => ({ url: `${baseUrl}${path}`, runs: 1, scored: false })),
    ],
  };
  type Report = { lhr: Lhr; tasks: Task[] };
  const byUrl = new Map<string, Report[]>();
  await runBenchTool("lighthouse.mjs", [JSON.stringify(job)], (line) => {
    const { url, lhr, tasks } = JSON.parse(line) as { url: string } & Report;
    byUrl.set(url, [...(byUrl.get(url) ?? []), { lhr, tasks }]);
  });
  let version = "";
  const runs: BrowserRun[] = [];
  for (const [list, full] of [
    [scored, true],
    [others, false],
  ] as const) {
    for (const path of list) {
      const all = byUrl.get(`${baseUrl}${path}`) ?? [];
      if (all.length === 0) throw new Error(`no Lighthouse report for ${path}`);
      version = all[0]!.lhr.lighthouseVersion;
      // The heaviest run's scripts: a part that only sometimes loads during the load still counts.
      const heaviest = all
        .map(({ lhr }) => scriptsOf(path, lhr))
        .reduce((a, b) => (b.scriptBytes > a.scriptBytes ? b : a));
      runs.push({ ...heaviest, runs: full ? all.map(({ lhr, tasks }) => scoredRun(lhr, tasks)) : undefined });
    }
  }
  return { version, runs };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The JavaScript transferred per page, listed (BENCH_PARTS=transfer: no scored runs, no targets). */
export function reportTransfer(version: string, runs: BrowserRun[]) {
  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(`\nLighthouse ${version}, network requests only, one load per page; load average ${load.join(" ")}`);
  console.log(`JS = transferSize of the Script requests until the load settled, headers included (1 KB = 1000 bytes)`);
  console.log(`${"route".padEnd(48)} ${"JS".padStart(10)} ${"files".padStart(5)}`);
  for (const run of runs) {
    console.log(`${run.path.padEnd(48)} ${kb(run.scriptBytes).padStart(10)} ${String(run.scripts).padStart(5)}`);
    if (process.env.BENCH_VERBOSE) for (const line of run.files) console.log(`    ${line}`);
  }
}

/** Prints each scored run, the pages' scripts and each target with met/missed; returns whether all were met. */
export function reportBrowserRuns(version: string, runs: BrowserRun[], scored: string[]): boolean {
  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(
    `\nLighthouse ${version}, mobile preset, simulated throttling, ${CHROMIUM} ${CHROMIUM_FLAGS.join(" ")}; load average ${load.join(" ")}`,
  );
  console.log(`scored pages: ${RUNS} run(s) each; every run must meet the targets`);
  console.log(
    `${"route / run".padEnd(40)} ${"score".padStart(5)} ${"TBT".padStart(7)} ${"FCP".padStart(7)} ${"LCP".padStart(7)}  longest task (simulated; ms per kind of work)`,
  );
  for (const run of runs.filter((r) => r.runs)) {
    run.runs!.forEach((one, i) => {
      console.log(
        `${`${run.path} #${i + 1}`.padEnd(40)} ${one.score.toFixed(2).padStart(5)} ${`${Math.round(one.tbtMs)} ms`.padStart(7)} ${seconds(one.fcpMs).padStart(7)} ${seconds(one.lcpMs).padStart(7)}  ${one.longest}`,
      );
    });
  }
  console.log(
    `\nJS = transferSize of the Script requests until the load settled, headers included (1 KB = 1000 bytes)`,
  );
  console.log(`${"route".padEnd(48)} ${"JS".padStart(10)} ${"files".padStart(5)}`);
  for (const run of runs) {
    console.log(`${run.path.padEnd(48)} ${kb(run.scriptBytes).padStart(10)} ${String(run.scripts).padStart(5)}`);
    if (process.env.BENCH_VERBOSE) for (const line of run.files) console.log(`    ${line}`);
  }
  let ok = true;
  const target = (text: string, value: string, met: boolean) => {
    if (!met) ok = false;
    console.log(`target: ${text}: ${value} — ${met ? "met" : "MISSED"}`);
  };
  for (const path of scored) {
    const each = runs.find((r) => r.path === path && r.runs)!.runs!;
    const list = (pick: (one: ScoredRun) => string) => each.map(pick).join(" ");
    target(
      `Lighthouse performance of ${path} ≥ ${TARGET_SCORE} in every run`,
      list((one) => one.score.toFixed(2)),
      each.every((one) => one.score >= TARGET_SCORE),
    );
    target(
      `TBT of ${path} ≤ ${TARGET_TBT_MS} ms in every run`,
      list((one) => `${Math.round(one.tbtMs)}`),
      each.every((one) => one.tbtMs <= TARGET_TBT_MS),
    );
    target(
      `LCP of ${path} ≤ ${TARGET_LCP_MS / 1000} s in every run`,
      list((one) => seconds(one.lcpMs)),
      each.every((one) => one.lcpMs <= TARGET_LCP_MS),
    );
  }
  const home = runs.find((r) => r.path === "/")!;
  target(`JS transferred of / ≤ ${kb(TARGET_HOME_JS)}`, kb(home.scriptBytes), home.scriptBytes <= TARGET_HOME_JS);
  const heaviest = runs.reduce((a, b) => (b.scriptBytes > a.scriptBytes ? b : a));
  target(
    `JS transferred of every public page ≤ ${kb(TARGET_PAGE_JS)}`,
    `heaviest ${heaviest.path} ${kb(heaviest.scriptBytes)}`,
    heaviest.scriptBytes <= TARGET_PAGE_JS,
  );
  return ok;
}
