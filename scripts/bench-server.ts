// The production server the page benches measure: `node build/start.js` (built first when
// build/ is missing) with a throw-away DATA_DIR on a free loopback port, background jobs off,
// and the routes to measure as the sitemap lists them.
import { execSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function ensureBuild() {
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

export type Server = { url: string; child: ChildProcess; dataDir: string; output: () => string };

export async function startServer(): Promise<Server> {
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

export async function stopServer(server: Server) {
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

/**
 * The account screens a visitor reaches from the public pages: not in the sitemap (noindex), but
 * public, so their first load is measured with the rest. (/reset-password without a live link
 * only redirects to /forgot-password.)
 */
export const ACCOUNT_PAGES = ["/join/details", "/signin", "/signin/code", "/forgot-password"];

/** The public pages and the newest article, as the sitemap lists them (so PRODUCT_SLUG is honoured). */
export async function routesFromSitemap(baseUrl: string): Promise<{ pages: string[]; article: string }> {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const article = paths.find((p) => p.startsWith("/blog/"));
  if (!article) throw new Error("no published article in /sitemap.xml");
  return { pages: paths.filter((p) => !p.startsWith("/blog/")), article };
}
