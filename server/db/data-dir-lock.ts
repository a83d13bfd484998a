import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { StartRefusedError } from "../lib/errors.ts";

/**
 * PGlite has no lock of its own: two processes opening one data folder corrupt it, and a shared
 * volume (NFS, a cloud disk mounted by two machines or containers) makes "another process"
 * possibly one on another machine. We hold DATA_DIR/server.lock for the life of the process.
 *
 * The lock records who holds it: host name, boot id and pid (JSON). A pid only means something
 * on the machine, and in the boot, that wrote it, so the pair (host name, boot id) is the
 * identity of the writer – not the host name alone: containers sharing a volume may share a
 * host name (and containers on one machine share its boot id).
 *  - Same host and boot: the pid is checked; a lock whose process is gone is taken over.
 *  - Another host, or this host name with another boot id: never taken over automatically.
 *    A different boot id may be this machine after a reboot, or another machine whose
 *    container has the same host name; the two cannot be told apart from here, and guessing
 *    wrong corrupts the database while refusing costs one manual step. A clean stop releases
 *    the lock, so the step is only needed after a crash (or power loss) followed by a reboot.
 *  - The old format (a bare pid, written before host names were recorded) is read as this
 *    host's, as the version that wrote it did.
 * See docs/decisions/031-data-dir-lock-identity.md and docs/operations.md.
 */
export type LockOwner = { host: string; bootId: string | null; pid: number };

// Folders this process holds. A lock file naming our own pid that is not in this set was left
// by an earlier life of a process with the same pid (pid 1 in a container restarts as pid 1).
const held = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  // 0700: the folder holds the database and the secret files (umask can only narrow it).
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(fs.realpathSync(dataDir), "server.lock");
  const me = describeThisProcess();
  if (held.has(file)) throw inUseHere({ dataDir, pid: me.pid });
  const content = `${JSON.stringify({ ...me, startedAt: new Date().toISOString() })}\n`;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (createLockFile({ file, content })) {
      held.add(file);
      return releaser({ file, content });
    }
    const owner = readLockOwner(file);
    if (owner === "absent") continue;
    if (owner === "unreadable") throw unreadable({ dataDir, file });
    const sameMachine = owner.host === me.host && owner.bootId === me.bootId;
    if (!sameMachine) throw inUseElsewhere({ dataDir, file, owner });
    if (owner.pid !== me.pid && isAlive(owner.pid)) throw inUseHere({ dataDir, pid: owner.pid });
    // Ours from an earlier life, or a process of this machine and boot that has ended: stale.
    fs.rmSync(file, { force: true });
  }
  throw new StartRefusedError(
    `Could not lock DATA_DIR ${dataDir}: ${file} keeps reappearing; is another server starting at the same time?`,
  );
}

/** Who this process is, as a lock records it. */
export function describeThisProcess(): LockOwner {
  return { host: os.hostname(), bootId: readBootId(), pid: process.pid };
}

/**
 * Linux's per-boot random id. Elsewhere there is none we can read without running a program,
 * and an estimate (now minus uptime) drifts: null then, and the host name alone identifies the
 * machine, as it did before boot ids were recorded.
 */
function readBootId(): string | null {
  try {
    return fs.readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim() || null;
  } catch {
    return null;
  }
}

/**
 * Creates the lock file whole or not at all: written to a temp file, then hard-linked into
 * place (link fails when the lock exists). Readers never see a half-written lock, so an
 * unreadable one is never ours to guess about. Returns false when a lock already exists.
 */
function createLockFile(options: { file: string; content: string }): boolean {
  const temp = `${options.file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(temp, options.content, { flag: "wx" });
  try {
    fs.linkSync(temp, options.file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Removes the lock on close or exit, only while it is still the one we wrote. */
function releaser(options: { file: string; content: string }) {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(options.file);
    try {
      if (fs.readFileSync(options.file, "utf8") === options.content) fs.unlinkSync(options.file);
    } catch {
      // already gone
    }
  };
  process.once("exit", release);
  return release;
}

/** The lock's owner; the old bare-pid format is this host's (the only thing it could mean then). */
function readLockOwner(file: string): LockOwner | "absent" | "unreadable" {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "absent";
    throw error;
  }
  if (/^\d+$/.test(text)) return { host: os.hostname(), bootId: readBootId(), pid: Number(text) };
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (
      typeof parsed.host === "string" &&
      typeof parsed.pid === "number" &&
      Number.isInteger(parsed.pid) &&
      parsed.pid > 0
    ) {
      return { host: parsed.host, bootId: typeof parsed.bootId === "string" ? parsed.bootId : null, pid: parsed.pid };
    }
  } catch {
    // falls through to "unreadable"
  }
  return "unreadable";
}

function inUseHere(options: { dataDir: string; pid: number }) {
  return new StartRefusedError(
    `DATA_DIR ${options.dataDir} is in use by another server process (pid ${options.pid} on this host, ${os.hostname()}); stop it or choose another DATA_DIR.`,
  );
}

function inUseElsewhere(options: { dataDir: string; file: string; owner: LockOwner }) {
  const { host, bootId, pid } = options.owner;
  const where =
    host === os.hostname()
      ? `host ${host} in an earlier boot (boot id ${bootId ?? "unknown"})`
      : `host ${host} (boot id ${bootId ?? "unknown"})`;
  return new StartRefusedError(
    `DATA_DIR ${options.dataDir} is in use by another server process (pid ${pid} on ${where}), which this server cannot check, so the lock is not taken over. ` +
      `Stop that process; or, if host ${host} is gone or that process no longer runs (e.g. this machine rebooted after a crash), delete ${options.file} and start again.`,
  );
}

function unreadable(options: { dataDir: string; file: string }) {
  return new StartRefusedError(
    `DATA_DIR ${options.dataDir} is locked by ${options.file}, which this server cannot read; it is not taken over. ` +
      "Make sure no server uses this DATA_DIR (on any host), then delete the file and start again.",
  );
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
