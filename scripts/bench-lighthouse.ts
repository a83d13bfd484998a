// The pages bench's browser part: what a visitor's phone measures, with Lighthouse 13 (the
// `lighthouse` package) driving Debian's Chromium, as the Lighthouse CLI does (chrome-launcher
// with its default flags plus the ones below), mobile preset, default simulated throttling, a
// fresh cache for every run.
//   scored pages  performance score, LCP (simulated) and the JavaScript transferred, from the median
//                 of BENCH_LH_RUNS runs (3 by default)
//   every page    the JavaScript transferred
// One Lighthouse run varies by several hundredths on the same build (the simulation scales each
// observed main-thread task, so one garbage collection or a slow first layout moves the score), so
// the scored pages report the run Lighthouse itself calls the median (`computeMedianRun`: the run
// closest to the median first paint and time to interactive, as PageSpeed Insights and Lighthouse CI
// pick it), and every run's score is printed beside it.
// "JavaScript transferred" is what Lighthouse's network-requests audit lists: the transferSize
// (compressed body plus response headers) of every Script request Chromium made until the load
// settled (Lighthouse waits for the network and the CPU to be quiet after the load event), so a
// part fetched right after hydration counts, and one fetched only when the reader scrolls does not.
import fs from "node:fs";
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { kb } from "./bench-server.ts";

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

const TARGET_SCORE = 0.98; // Lighthouse performance, mobile, each scored page
const TARGET_LCP_MS = 1500; // simulated
const TARGET_HOME_JS = 130_000; // JavaScript transferred during the load of `/`
const TARGET_PAGE_JS = 140_000; // … of every public page
const RUNS = Math.max(1, Number.parseInt(process.env.BENCH_LH_RUNS ?? "", 10) || 3);

export type BrowserRun = {
  path: string;
  score?: number;
  /** Every run's score, in order, where the page was run more than once. */
  scores?: number[];
  lcpMs?: number;
  scriptBytes: number;
  scripts: number;
  files: string[];
};

type Lhr = {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;
};

async function runOnce(port: number, url: string, scored: boolean): Promise<Lhr> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    // Only the network listing for the pages that are not scored: the same load, less to compute.
    ...(scored ? { onlyCategories: ["performance"] } : { onlyAudits: ["network-requests"] }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr as unknown as Lhr;
}

/** One Lighthouse run; NO_NAVSTART (Chromium's trace missed the navigation) is retried once. */
async function audit(port: number, url: string, scored: boolean): Promise<Lhr> {
  for (let attempt = 1; ; attempt++) {
    let lhr: Lhr | undefined;
    let failure: string;
    try {
      lhr = await runOnce(port, url, scored);
      failure = lhr.runtimeError?.code ?? "";
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (lhr && !failure) return lhr;
    if (attempt < 2 && failure.includes("NO_NAVSTART")) continue;
    throw new Error(`Lighthouse on ${url}: ${failure}`);
  }
}

function summarize(path: string, lhr: Lhr, scored: boolean, all: Lhr[] = [lhr]): BrowserRun {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === "Script");
  return {
    path,
    score: scored ? (lhr.categories.performance?.score ?? 0) : undefined,
    scores: scored && all.length > 1 ? all.map((one) => one.categories.performance?.score ?? 0) : undefined,
    lcpMs: scored ? lhr.audits["largest-contentful-paint"]?.numericValue : undefined,
    scriptBytes: scripts.reduce((sum, s) => sum + Number(s.transferSize ?? 0), 0),
    scripts: scripts.length,
    // Named in the output only with BENCH_VERBOSE: which files were fetched, for finding what is heavy.
    files: scripts.map(
      (s) =>
        `${String(s.url).replace(/^.*\/assets\//, "")} ${s.transferSize} B at ${Math.round(Number(s.networkRequestTime))} ms`,
    ),
  };
}

/** Runs Lighthouse on each page (the scored ones in full), one Chromium for all of them. */
export async function measureInBrowser(baseUrl: string, scored: string[], others: string[]) {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install chromium)`);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
  const runs: BrowserRun[] = [];
  let version = "";
  try {
    for (const [list, full] of [
      [scored, true],
      [others, false],
    ] as const) {
      for (const path of list) {
        // The page cache keeps what it rendered once: the measured load is a visitor's, not the first render.
        await fetch(`${baseUrl}${path}`).then((r) => r.arrayBuffer());
        const all: Lhr[] = [];
        for (let i = 0; i < (full ? RUNS : 1); i++) all.push(await audit(chrome.port, `${baseUrl}${path}`, full));
        const lhr = all.length > 1 ? (computeMedianRun(all as never) as unknown as Lhr) : all[0]!;
        version = lhr.lighthouseVersion;
        runs.push(summarize(path, lhr, full, all));
      }
    }
  } finally {
    chrome.kill();
  }
  return { version, runs };
}

/** Prints the table and each target with met/missed; returns whether all were met. */
export function reportBrowserRuns(version: string, runs: BrowserRun[], scored: string[]): boolean {
  const load = os.loadavg().map((n) => n.toFixed(2));
  console.log(
    `\nLighthouse ${version}, mobile preset, simulated throttling, ${CHROMIUM} ${CHROMIUM_FLAGS.join(" ")}; load average ${load.join(" ")}`,
  );
  console.log(
    `scored pages: the median of ${RUNS} run(s) (Lighthouse's computeMedianRun); every run's score in brackets`,
  );
  console.log(`JS = transferSize of the Script requests until the load settled, headers included (1 KB = 1000 bytes)`);
  console.log(
    `${"route".padEnd(48)} ${"score".padStart(5)} ${"LCP".padStart(7)} ${"JS".padStart(10)} ${"files".padStart(5)}`,
  );
  for (const run of runs) {
    const score = run.score === undefined ? "" : run.score.toFixed(2);
    const each = run.scores ? `  [${run.scores.map((one) => one.toFixed(2)).join(" ")}]` : "";
    const lcp = run.lcpMs === undefined ? "" : `${(run.lcpMs / 1000).toFixed(2)} s`;
    console.log(
      `${run.path.padEnd(48)} ${score.padStart(5)} ${lcp.padStart(7)} ${kb(run.scriptBytes).padStart(10)} ${String(run.scripts).padStart(5)}${each}`,
    );
    if (process.env.BENCH_VERBOSE) for (const line of run.files) console.log(`    ${line}`);
  }
  let ok = true;
  const target = (text: string, value: string, met: boolean) => {
    if (!met) ok = false;
    console.log(`target: ${text}: ${value} — ${met ? "met" : "MISSED"}`);
  };
  for (const path of scored) {
    const run = runs.find((r) => r.path === path && r.score !== undefined)!;
    target(`Lighthouse performance of ${path} ≥ ${TARGET_SCORE}`, run.score!.toFixed(2), run.score! >= TARGET_SCORE);
    target(
      `LCP of ${path} ≤ ${TARGET_LCP_MS / 1000} s`,
      `${(run.lcpMs! / 1000).toFixed(2)} s`,
      run.lcpMs! <= TARGET_LCP_MS,
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
