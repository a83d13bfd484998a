// `npm run bench -- pages` (or `npx tsx scripts/bench-pages.ts`): what public pages cost.
// Starts the production server (`node build/start.js`, building first when build/ is missing)
// with a throw-away DATA_DIR on a free loopback port, then measures:
//   weight  per public route (the sitemap's and the account screens), the JavaScript and CSS a
//           first visit downloads (module scripts, modulepreloads and stylesheets named in the
//           server-rendered HTML, and every module those import statically), in gzip bytes
//   load    requests/s and p99 for `/` and one article under a loopback load (autocannon),
//           anonymous, so answered by the page cache; each next to a bare Node `http` server
//           started by this script (on a worker thread) that answers the very same bytes and
//           headers from memory, measured in the same run (the baseline the target is stated
//           against). A static file and `/robots.txt` served by the app are measured too.
// Bounded: about 10 s of start-up plus six load phases of BENCH_SECONDS (default 5).
// Knobs: BENCH_SECONDS, BENCH_CONNECTIONS (default 10).
import { execSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import autocannon from "autocannon";

const TARGET_JS_BYTES = 130_000; // first-load JavaScript of `/`, gzip
const TARGET_RATIO = 0.5; // `/` and an article against a bare Node server's req/s for the same bytes
const TARGET_P99_MS = 20; // `/` and an article, under the load below
const HARD_LIMIT_MS = 240_000;

const envInt = (name: string, fallback: number) => {
  const value = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const SECONDS = envInt("BENCH_SECONDS", 5);
const CONNECTIONS = envInt("BENCH_CONNECTIONS", 10);

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

function ensureBuild() {
  const needed = ["build/start.js", "build/server/index.js", "build/client"];
  if (needed.every((file) => fs.existsSync(file))) return;
  console.log("No production build found: building (npm run build)…");
  execSync("npm run build", { stdio: "inherit" });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

type Server = { url: string; child: ChildProcess; dataDir: string; output: () => string };

async function startServer(): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
  const child = spawn(process.execPath, ["build/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      // The default level: every request's log line is part of what a page costs.
      LOG_LEVEL: "info",
      // Background jobs (deposit watcher, renewals) would compete for the same cores.
      JOBS_ENABLED: "false",
      DATABASE_URL: "",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A throw-away database: the development deposit key is fine here.
      ALLOW_DEV_TRON_KEY: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Only the tail is kept (for an error message): under load the request lines run to megabytes.
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-16_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  const server = { url, child, dataDir, output: () => output };
  const deadline = Date.now() + 120_000; // migrations and the demo seed run first (slow on a loaded machine)
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopServer(server);
  throw new Error(`the server did not answer /healthz within 120 s:\n${output}`);
}

async function stopServer(server: Server) {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  }
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** The scripts and stylesheets a browser fetches on first load, as named in the HTML. */
function firstLoadAssets(html: string) {
  const js = new Set<string>();
  const css = new Set<string>();
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, "src");
    if (src && /\btype="module"/.test(tag)) js.add(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    if (!href) continue;
    if (rel === "modulepreload") js.add(href);
    if (rel === "stylesheet") css.add(href);
  }
  // React Router's inline bootstrap imports the entry and route modules: count those too.
  for (const [, body] of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, spec] of body!.matchAll(/import\s*(?:[^"';]*?from\s*)?["']([^"']+\.js)["']/g)) js.add(spec!);
  }
  return { js: [...js], css: [...css] };
}

const assetCache = new Map<string, Buffer>();
async function fetchAsset(baseUrl: string, href: string): Promise<Buffer> {
  const url = new URL(href, baseUrl).toString();
  const cached = assetCache.get(url);
  if (cached) return cached;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${href} answered ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  assetCache.set(url, bytes);
  return bytes;
}

/**
 * The named scripts plus everything they import statically, recursively: the browser fetches
 * those before the page can run, preloaded or not. Dynamic `import()`s (lazy parts) are not
 * followed: they are not part of the first load.
 */
async function withStaticImports(baseUrl: string, named: string[]) {
  const all = new Set(named);
  const queue = [...named];
  while (queue.length > 0) {
    const href = queue.pop()!;
    const source = (await fetchAsset(baseUrl, href)).toString("utf8");
    for (const [, spec] of source.matchAll(
      /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
    )) {
      const imported = new URL(spec!, new URL(href, baseUrl)).pathname;
      if (!all.has(imported)) {
        all.add(imported);
        queue.push(imported);
      }
    }
  }
  return [...all];
}

type Weight = {
  path: string;
  status: number;
  js: number;
  jsFiles: number;
  css: number;
  cssFiles: number;
  html: number;
};

async function measureWeight(baseUrl: string, pathname: string): Promise<Weight> {
  const response = await fetch(`${baseUrl}${pathname}`);
  const html = await response.text();
  const assets = firstLoadAssets(html);
  const js = await withStaticImports(baseUrl, assets.js);
  const gzipped = async (list: string[]) =>
    (await Promise.all(list.map(async (href) => zlib.gzipSync(await fetchAsset(baseUrl, href)).length))).reduce(
      (a, b) => a + b,
      0,
    );
  return {
    path: pathname,
    status: response.status,
    js: await gzipped(js),
    jsFiles: js.length,
    css: await gzipped(assets.css),
    cssFiles: assets.css.length,
    html: zlib.gzipSync(html).length,
  };
}

const LOAD_HEADERS = { "accept-encoding": "gzip" };

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
    // A browser asks for compressed responses, so the server's gzip work is part of the cost.
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

/**
 * The account screens a visitor reaches from the public pages: not in the sitemap (noindex), but
 * public, so their first load is measured with the rest. (/reset-password without a live link
 * only redirects to /forgot-password.)
 */
const ACCOUNT_PAGES = ["/join/details", "/signin", "/signin/code", "/forgot-password"];

/** The public pages and the newest article, as the sitemap lists them (so PRODUCT_SLUG is honoured). */
async function routesFromSitemap(baseUrl: string): Promise<{ pages: string[]; article: string }> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const article = paths.find((p) => p.startsWith("/blog/"));
  if (!article) throw new Error("no published article in /sitemap.xml");
  return { pages: paths.filter((p) => !p.startsWith("/blog/")), article };
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
    const routes = [...pages, ...ACCOUNT_PAGES, article];
    console.log(`bench pages: production build on ${url}, Node ${process.version}, ${os.cpus().length} cores`);
    console.log(`\nFirst-load weight (gzip, zlib default level; 1 KB = 1000 bytes)`);
    console.log(
      `${"route".padEnd(48)} ${"status".padStart(6)} ${"JS".padStart(10)} ${"files".padStart(5)} ${"CSS".padStart(9)} ${"HTML".padStart(9)}`,
    );
    const weights: Weight[] = [];
    for (const route of routes) {
      const w = await measureWeight(url, route);
      weights.push(w);
      console.log(
        `${route.padEnd(48)} ${String(w.status).padStart(6)} ${kb(w.js).padStart(10)} ${String(w.jsFiles).padStart(5)} ${kb(w.css).padStart(9)} ${kb(w.html).padStart(9)}`,
      );
    }
    const homeJs = weights[0]!.js;
    const jsOk = homeJs <= TARGET_JS_BYTES;
    console.log(
      `target: first-load JS of / ≤ ${kb(TARGET_JS_BYTES)}: ${kb(homeJs)} — ${jsOk ? "met" : `MISSED by ${kb(homeJs - TARGET_JS_BYTES)}`}`,
    );

    console.log(
      `\nLoopback load: ${CONNECTIONS} connections, ${SECONDS} s each after a 1 s warm-up, Accept-Encoding: gzip`,
    );
    // The bare server answers what the app answered to the same request: same status, headers
    // and (gzip) bytes. The pages are requested once first so the app's cache holds them.
    const captured = new Map<string, Captured>();
    for (const route of ["/", article]) {
      const page = await capture(`${url}${route}`, LOAD_HEADERS);
      if (page.status !== 200) throw new Error(`${route} answered ${page.status}`);
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
    console.log(
      `\nbench pages: done in ${((Date.now() - started) / 1000).toFixed(0)} s; targets ${jsOk && loadOk ? "met" : "missed (see above)"}`,
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
