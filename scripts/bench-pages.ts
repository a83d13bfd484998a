// `npm run bench -- pages` (or `npx tsx scripts/bench-pages.ts`): what public pages cost.
// Starts the production server (./bench-server.ts), then measures:
//   weight  per public route (the sitemap's and the account screens), the JavaScript and CSS a
//           first visit downloads (module scripts, modulepreloads and stylesheets named in the
//           server-rendered HTML, and every module those import statically), in gzip bytes
//   browser Lighthouse on Debian's Chromium, mobile (./bench-lighthouse.ts): each of five runs'
//           score, total blocking time, LCP and longest task for `/`, /pricing and the article;
//           the JavaScript transferred for every public page (BENCH_VERBOSE=1 lists each page's
//           script files). Lighthouse is installed into bench/ on first use.
//   transfer the browser part's JavaScript transferred alone: one Lighthouse load per page with only
//           its network-requests audit (no scored runs, no targets), about 3 s a page: the same
//           figure the browser part reports, for checking a page's weight after a change
//   load    requests/s and p99 for `/` and one article under a loopback load (autocannon),
//           anonymous, so answered by the page cache; each next to a bare Node `http` server
//           started by this script (on a worker thread) that answers the very same bytes and
//           headers from memory, measured in the same run (the baseline the target is stated
//           against). A static file and `/robots.txt` served by the app are measured too.
// Bounded: about 10 s of start-up, a Lighthouse run per page (5–15 s each), six load phases of
// BENCH_SECONDS (default 5).
// Knobs: BENCH_SECONDS, BENCH_CONNECTIONS (default 10), BENCH_PARTS (e.g. "browser"), BENCH_VERBOSE,
// BENCH_PAGES (e.g. "/,/pricing": only those routes, for the weight and transfer parts),
// BENCH_LH_RUNS (default 5), BENCH_LH_SAVE=<dir> (every Lighthouse report and trace kept there).
import http from "node:http";
import os from "node:os";
import { Worker } from "node:worker_threads";
import autocannon from "autocannon";
import { measureInBrowser, reportBrowserRuns, reportTransfer } from "./bench-lighthouse.ts";
import { ACCOUNT_PAGES, ensureBuild, routesFromSitemap, startServer, stopServer } from "./bench-server.ts";
import { runWeights } from "./bench-weight.ts";

const TARGET_RATIO = 0.7; // `/` and an article against a bare Node server's req/s for the same bytes
const TARGET_P99_MS = 10; // `/` and an article, under the load below
const HARD_LIMIT_MS = 1_200_000; // five Lighthouse runs a scored page on a loaded machine

const envInt = (name: string, fallback: number) => {
  const value = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const SECONDS = envInt("BENCH_SECONDS", 5);
const CONNECTIONS = envInt("BENCH_CONNECTIONS", 10);
// BENCH_PARTS=browser (or weight, transfer, load, comma-separated) runs only those parts.
const parts = new Set((process.env.BENCH_PARTS ?? "weight,browser,load").split(",").map((p) => p.trim()));

/** Anonymous pages that are in neither the sitemap nor the account screens: measured in the browser too. */
const EXTRA_PUBLIC_PAGES = ["/staff-invitation"];

// What a browser asks (Chromium sends "gzip, deflate, br, zstd"): the app answers brotli, and the
// bare server replays exactly that answer.
const LOAD_HEADERS = { "accept-encoding": "br, gzip" };

type Captured = { status: number; headers: Record<string, string>; body: Buffer };

/** One response exactly as the server sent it: raw (still compressed) body and headers. */
async function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            // The bare server writes its own framing headers, as any server would.
            if (value === undefined || ["connection", "keep-alive", "date", "transfer-encoding"].includes(name))
              continue;
            flat[name] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

type Bare = { url: string; close: () => Promise<void> };

// The bare server's whole program: it runs on its own thread, so it does not share an event loop
// with autocannon (the app's server has a process of its own).
const BARE_SERVER = `
const http = require("node:http");
const { parentPort, workerData } = require("node:worker_threads");
const pages = new Map(workerData.pages.map(([url, page]) => [url, { ...page, body: Buffer.from(page.body) }]));
const server = http.createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) return void res.writeHead(404).end();
  res.writeHead(page.status, page.headers);
  res.end(req.method === "HEAD" ? undefined : page.body);
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage(server.address().port));
parentPort.on("message", () => server.close(() => process.exit(0)) && server.closeAllConnections());
`;

/**
 * The floor a page can be served at on this machine: Node's `http` with nothing else, answering
 * bytes held in memory with one `writeHead` and one `end`, on a worker thread of this script.
 */
async function startBare(pages: Map<string, Captured>): Promise<Bare> {
  const worker = new Worker(BARE_SERVER, { eval: true, workerData: { pages: [...pages] } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.postMessage("stop");
      const timer = setTimeout(() => void worker.terminate(), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

type Load = { label: string; path: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function measureLoad(baseUrl: string, label: string, pathname: string): Promise<Load> {
  const options = {
    url: `${baseUrl}${pathname}`,
    connections: CONNECTIONS,
    // A browser asks for compressed responses: the encoding chosen is part of the cost.
    headers: LOAD_HEADERS,
  };
  await autocannon({ ...options, duration: 1 }); // warm-up: JIT, caches, connection set-up
  const result = await autocannon({ ...options, duration: SECONDS });
  return {
    label,
    path: pathname,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The loopback load phases and their targets; returns whether all were met. */
async function runLoad(url: string, article: string): Promise<boolean> {
  console.log(
    `\nLoopback load: ${CONNECTIONS} connections, ${SECONDS} s each after a 1 s warm-up, Accept-Encoding: ${LOAD_HEADERS["accept-encoding"]}`,
  );
  // The bare server answers what the app answered to the same request: same status, headers
  // and (compressed) bytes. The pages are requested once first so the app's cache holds them.
  const captured = new Map<string, Captured>();
  for (const route of ["/", article]) {
    const page = await capture(`${url}${route}`, LOAD_HEADERS);
    if (page.status !== 200) throw new Error(`${route} answered ${page.status}`);
    if (page.headers["content-encoding"] !== "br")
      throw new Error(`${route} answered ${page.headers["content-encoding"] ?? "uncompressed"}, not brotli`);
    captured.set(route, page);
  }
  const bare = await startBare(captured);
  let loads: Load[];
  let pairs: [Load, Load][];
  try {
    const baseline = await measureLoad(url, "static file", "/favicon.svg");
    // robots.txt goes through the React Router handler without rendering React or querying the
    // database: it splits the gap between the static file and a page into router and render.
    const router = await measureLoad(url, "router only", "/robots.txt");
    const bareHome = await measureLoad(bare.url, "bare node, /", "/");
    const home = await measureLoad(url, "home", "/");
    const barePost = await measureLoad(bare.url, "bare node, art.", article);
    const post = await measureLoad(url, "article", article);
    loads = [baseline, router, bareHome, home, barePost, post];
    pairs = [
      [home, bareHome],
      [post, barePost],
    ];
  } finally {
    await bare.close();
  }
  console.log(
    `${"phase".padEnd(16)} ${"path".padEnd(48)} ${"req/s".padStart(8)} ${"p50".padStart(7)} ${"p99".padStart(7)}`,
  );
  let loadOk = true;
  for (const load of loads) {
    const flags = load.non2xx || load.errors ? `  (${load.non2xx} non-2xx, ${load.errors} errors)` : "";
    console.log(
      `${load.label.padEnd(16)} ${load.path.padEnd(48)} ${load.rps.toFixed(0).padStart(8)} ${`${load.p50} ms`.padStart(7)} ${`${load.p99} ms`.padStart(7)}${flags}`,
    );
  }
  for (const [load, floor] of pairs) {
    const ratio = load.rps / floor.rps;
    const fast = ratio >= TARGET_RATIO;
    const tight = load.p99 <= TARGET_P99_MS;
    const clean = load.non2xx === 0 && load.errors === 0;
    if (!fast || !tight || !clean) loadOk = false;
    console.log(
      `target: ${load.label} ≥ ${TARGET_RATIO * 100} % of bare node's req/s for the same bytes: ${(ratio * 100).toFixed(1)} % — ${fast ? "met" : `MISSED (needs ${(TARGET_RATIO * floor.rps).toFixed(0)} req/s)`}; p99 ≤ ${TARGET_P99_MS} ms: ${load.p99} ms — ${tight ? "met" : "MISSED"}${clean ? "" : "; errors or non-2xx answers"}`,
    );
  }
  return loadOk;
}

async function main() {
  ensureBuild();
  const started = Date.now();
  const server = await startServer();
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= stopServer(server));
  const onSignal = () => void stop().finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const watchdog = setTimeout(() => {
    console.error(`bench pages: over ${HARD_LIMIT_MS / 1000} s, stopping`);
    void stop().finally(() => process.exit(1));
  }, HARD_LIMIT_MS);
  try {
    const { url } = server;
    const { pages, article } = await routesFromSitemap(url);
    const every = [...pages, ...ACCOUNT_PAGES, article];
    const only = process.env.BENCH_PAGES?.split(",").map((p) => p.trim());
    const routes = only ? every.filter((route) => only.includes(route)) : every;
    console.log(`bench pages: production build on ${url}, Node ${process.version}, ${os.cpus().length} cores`);
    // The Telegram portal's page too: its one script must stay under 100 KB (it loads no React).
    if (parts.has("weight")) await runWeights(url, [...routes, "/tg"]);
    if (parts.has("transfer")) {
      const listed = only ? routes : [...routes, ...EXTRA_PUBLIC_PAGES];
      const { version, runs } = await measureInBrowser(url, [], listed);
      reportTransfer(version, runs);
    }
    let browserOk = true;
    if (parts.has("browser")) {
      const scored = ["/", "/pricing", article];
      const others = [...routes.filter((r) => !scored.includes(r)), ...EXTRA_PUBLIC_PAGES];
      const { version, runs } = await measureInBrowser(url, scored, others);
      browserOk = reportBrowserRuns(version, runs, scored);
    }
    const loadOk = parts.has("load") ? await runLoad(url, article) : true;
    console.log(
      `\nbench pages: done in ${((Date.now() - started) / 1000).toFixed(0)} s; targets ${browserOk && loadOk ? "met" : "missed (see above)"}`,
    );
  } finally {
    clearTimeout(watchdog);
    await stop();
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}

await main().catch((error: unknown) => {
  console.error(`bench pages: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
