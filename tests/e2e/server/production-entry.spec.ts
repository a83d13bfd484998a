import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/fixtures";
import { freePort } from "../support/free-port";
import { cleanEnv as cleanInstanceEnv } from "../support/production-instance";

/** The worker's environment as the support's cleanEnv gives it, with the background jobs off. */
const cleanEnv = (extra: Record<string, string>) => cleanInstanceEnv({ JOBS_ENABLED: "false", ...extra });

test("a deployment without PUBLIC_URL stops at once with one line naming it", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "no-public-url-"));
  try {
    const child = spawn(process.execPath, ["build/start.js"], {
      env: cleanEnv({ NODE_ENV: "production", DATA_DIR: dataDir, PORT: "0" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      "Invalid configuration: PUBLIC_URL is required in production (the address members use, e.g. https://example.com)",
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a bare `npm start` (no NODE_ENV) serves a local trial on localhost and says so", async () => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "local-trial-"));
  const child = spawn(process.execPath, ["build/start.js"], {
    env: cleanEnv({ PORT: String(port), DATA_DIR: dataDir }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  try {
    await expect.poll(() => output.includes('"msg":"server listening"'), { timeout: 90_000 }).toBe(true);
    expect(output).toContain(
      `NODE_ENV is not set: running as a local trial (links point at http://localhost:${port}; deposit addresses come from the development key)`,
    );
    const robots = await fetch(`http://127.0.0.1:${port}/robots.txt`);
    expect(await robots.text()).toContain(`Sitemap: http://localhost:${port}/sitemap.xml`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

// The production entry as a deploy runs it, background jobs on: it starts without a warning, a
// second start on its DATA_DIR is refused with the lock's message alone; SIGTERM stops new
// connections, lets a request in flight finish, stops the jobs and closes the embedded database
// (its lock file goes), exit 0.
test("a quiet start; a second start on its DATA_DIR refused in one line; SIGTERM drains a request in flight, closes the database and exits 0", async () => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shutdown-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["build/start.js"], {
    env: cleanEnv({
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ALLOW_DEV_TRON_KEY: "true",
      JOBS_ENABLED: "true",
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    await expect.poll(() => output.includes('"msg":"server listening"'), { timeout: 90_000 }).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);
    // Another start on the same DATA_DIR: refused, with the lock's message and nothing after it.
    const second = spawn(process.execPath, ["build/start.js"], {
      env: cleanEnv({
        NODE_ENV: "production",
        PORT: "0",
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        ALLOW_DEV_TRON_KEY: "true",
      }),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let refused = "";
    second.stderr.on("data", (chunk: Buffer) => (refused += chunk.toString()));
    expect(await new Promise<number | null>((resolve) => second.once("exit", resolve))).toBe(1);
    expect(refused).toMatch(
      new RegExp(
        `^DATA_DIR ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is in use by another server process \\(pid ${child.pid} on this host, [^)]+\\); stop it or choose another DATA_DIR\\.\\n$`,
      ),
    );
    // A request in flight when the signal arrives (its body half sent) still gets its answer.
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    const body = "email=ada%40example.com";
    socket.write(
      `POST /forgot-password HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    // Give the head time to arrive before the signal (nothing on the server side reports it).
    await new Promise((resolve) => setTimeout(resolve, 500));
    child.kill("SIGTERM");
    await expect.poll(() => output.includes('"msg":"shutting down"'), { timeout: 10_000 }).toBe(true);
    // No new connections once it is draining.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    socket.write(body.slice(5));
    await expect.poll(() => answer, { timeout: 20_000 }).toMatch(/^HTTP\/1\.1 (200|302|303)/);
    socket.destroy();
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
    // Nothing Node warns about (a "(node:PID) …Warning" line), from the start to the exit.
    expect(output).not.toMatch(/^\(node:\d+\) /m);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
