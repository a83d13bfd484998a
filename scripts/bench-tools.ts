// The bench's own tools (bench/package.json: Lighthouse and chrome-launcher), kept out of the app's
// install: Lighthouse 13 and its Puppeteer declare a newer Node than the app's floor, and nothing
// but the pages bench uses them. They are installed here, by the bench, on first use or when
// bench/package-lock.json changed (`npm ci` in bench/), never by `npm install` or `npm test`.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";

const BENCH_DIR = path.resolve(import.meta.dirname, "..", "bench");
const STAMP = path.join(BENCH_DIR, "node_modules", ".installed-from-lockfile");

const lockHash = () =>
  createHash("sha256")
    .update(fs.readFileSync(path.join(BENCH_DIR, "package-lock.json")))
    .digest("hex");

/** Installs bench/'s packages when they are missing or older than its lockfile. */
export function ensureBenchTools() {
  const wanted = lockHash();
  if (fs.existsSync(STAMP) && fs.readFileSync(STAMP, "utf8") === wanted) return;
  console.log("Installing the bench's own tools (bench/package.json: Lighthouse, chrome-launcher)…");
  // Lighthouse declares Node ≥ 22.19; it runs on the app's Node too. npm's engine notices are
  // left out here (--loglevel=error): the line below says it once.
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: BENCH_DIR,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`npm ci in ${BENCH_DIR} failed (exit ${result.status})`);
  fs.writeFileSync(STAMP, wanted);
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major! < 22 || (major === 22 && minor! < 19))
    console.log(`(Lighthouse 13 asks for Node ≥ 22.19; this is Node ${process.versions.node}, which runs it.)`);
}

/**
 * Runs bench/<program> with this Node, handing each line it prints on stdout to onLine; its
 * stderr goes to ours. Rejects when it exits with a failure.
 */
export async function runBenchTool(program: string, args: string[], onLine: (line: string) => void) {
  ensureBenchTools();
  const child = spawn(process.execPath, [path.join(BENCH_DIR, program), ...args], {
    cwd: BENCH_DIR,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  let failure: unknown;
  lines.on("line", (line) => {
    if (failure || !line.trim()) return;
    try {
      onLine(line);
    } catch (error) {
      failure = error;
    }
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (failure) throw failure;
  if (code !== 0) throw new Error(`bench/${program} exited with ${code}`);
}
