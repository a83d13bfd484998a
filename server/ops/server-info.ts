import fs from "node:fs";
import path from "node:path";

const FILE = "server.json";

/**
 * Where the running server can be reached, for the ops commands: the embedded database admits
 * one process, so while a server holds DATA_DIR the commands go through its operator API.
 */
export function writeServerInfo(dataDir: string, url: string) {
  const info = { pid: process.pid, url, startedAt: new Date().toISOString() };
  fs.writeFileSync(path.join(dataDir, FILE), JSON.stringify(info), { mode: 0o600 });
}

export function removeServerInfo(dataDir: string) {
  fs.rmSync(path.join(dataDir, FILE), { force: true });
}

/** The running server for this DATA_DIR, or null when none is alive. */
export function readServerInfo(dataDir: string): { pid: number; url: string } | null {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, FILE), "utf8")) as { pid: number; url: string };
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}
