// Lighthouse runs for the pages bench (scripts/bench-lighthouse.ts starts this program with
// `node bench/lighthouse.mjs`, once the bench folder's own packages are installed). It lives here
// because Lighthouse and its Puppeteer need a newer Node than the app's floor: the app's
// `npm install` never sees them.
//
// Input (argv[2], JSON): { chromium, chromeFlags, jobs: [{ url, runs, scored }], saveDir? }.
// Output: one JSON line per run on stdout, `{ url, run, lhr, tasks }`: the report trimmed to what
// the bench reads and, for scored pages, the long tasks with what they were made of; with saveDir,
// each run's whole report and trace are written there too.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { LoadSimulator } from "lighthouse/core/computed/load-simulator.js";
import { MainThreadTasks } from "lighthouse/core/computed/main-thread-tasks.js";
import { NetworkRecords } from "lighthouse/core/computed/network-records.js";
import { PageDependencyGraph } from "lighthouse/core/computed/page-dependency-graph.js";
import { getAttributableURLForTask, getJavaScriptURLs } from "lighthouse/core/lib/tracehouse/task-summary.js";

const KEPT_AUDITS = [
  "network-requests",
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "speed-index",
  "cumulative-layout-shift",
  "long-tasks",
  "mainthread-work-breakdown",
];

const job = JSON.parse(process.argv[2] ?? "{}");

/** One Lighthouse run; NO_NAVSTART (Chromium's trace missed the navigation) is retried once. */
async function audit(port, url, scored) {
  for (let attempt = 1; ; attempt++) {
    let result;
    let failure;
    try {
      result = await lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        // Only the network listing for pages that are not scored: the same load, less to compute.
        ...(scored ? { onlyCategories: ["performance"] } : { onlyAudits: ["network-requests"] }),
      });
      failure = result ? (result.lhr.runtimeError?.code ?? "") : "no result";
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (result && !failure) return result;
    if (attempt < 2 && failure.includes("NO_NAVSTART")) continue;
    throw new Error(`Lighthouse on ${url}: ${failure}`);
  }
}

/**
 * The main thread's top-level tasks as the simulation timed them (its durations, about four times
 * the observed ones on the mobile preset), each with the observed time per kind of work and per
 * trace event inside it, scaled to the simulated duration: what made a long task long. Lighthouse's
 * own long-tasks breakdown loses the children under simulation (all of it reads "other").
 */
async function simulatedTasks(result) {
  const artifacts = result.artifacts;
  const settings = result.lhr.configSettings;
  const context = { computedCache: new Map(), settings };
  const tasks = await MainThreadTasks.request(artifacts.Trace, context);
  const graph = await PageDependencyGraph.request(
    {
      settings,
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      HostDPR: artifacts.HostDPR,
      fromTrace: false,
    },
    context,
  );
  const simulator = await LoadSimulator.request({ devtoolsLog: artifacts.DevtoolsLog, settings }, context);
  const simulation = simulator.simulate(graph, { label: "bench-tasks" });
  const timings = new Map();
  for (const [node, timing] of simulation.nodeTimings.entries())
    if (node.type === "cpu") timings.set(node.event, timing);
  const jsUrls = getJavaScriptURLs(await NetworkRecords.request(artifacts.DevtoolsLog, context));
  const out = [];
  for (const task of tasks) {
    const timing = timings.get(task.event);
    if (task.parent || task.unbounded || !timing || timing.duration < 50) continue;
    const groups = {};
    const events = {};
    const walk = (node) => {
      groups[node.group.id] = (groups[node.group.id] ?? 0) + node.selfTime;
      const name = node.event.name === "RunTask" ? "task" : node.event.name;
      events[name] = (events[name] ?? 0) + node.selfTime;
      for (const child of node.children) walk(child);
    };
    walk(task);
    const scale = task.duration > 0 ? timing.duration / task.duration : 0;
    const scaled = (map) =>
      Object.fromEntries(
        Object.entries(map)
          .map(([key, value]) => [key, Math.round(value * scale)])
          .filter(([, value]) => value >= 1)
          .sort((a, b) => b[1] - a[1]),
      );
    out.push({
      startTime: Math.round(timing.startTime),
      duration: Math.round(timing.duration),
      observed: Math.round(task.duration * 10) / 10,
      url: getAttributableURLForTask(task, jsUrls),
      groups: scaled(groups),
      events: scaled(events),
    });
  }
  return out.sort((a, b) => b.duration - a.duration);
}

function trim(lhr) {
  const audits = {};
  for (const id of KEPT_AUDITS) {
    const one = lhr.audits[id];
    if (one) audits[id] = { numericValue: one.numericValue, details: one.details };
  }
  return {
    lighthouseVersion: lhr.lighthouseVersion,
    categories: { performance: lhr.categories.performance ? { score: lhr.categories.performance.score } : undefined },
    audits,
  };
}

const chrome = await chromeLauncher.launch({
  chromePath: job.chromium,
  chromeFlags: job.chromeFlags,
  logLevel: "silent",
});
try {
  let index = 0;
  for (const { url, runs, scored } of job.jobs) {
    for (let run = 1; run <= runs; run++) {
      const result = await audit(chrome.port, url, scored);
      if (job.saveDir) {
        const base = path.join(
          job.saveDir,
          `${String(++index).padStart(2, "0")}-${new URL(url).pathname.replace(/\W+/g, "_")}-${run}`,
        );
        fs.writeFileSync(`${base}.report.json`, JSON.stringify(result.lhr));
        fs.writeFileSync(`${base}.trace.json`, JSON.stringify(result.artifacts.Trace));
      }
      const tasks = scored ? await simulatedTasks(result) : [];
      process.stdout.write(`${JSON.stringify({ url, run, lhr: trim(result.lhr), tasks })}\n`);
    }
  }
} finally {
  chrome.kill();
}
