import fs from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own: two processes opening one data folder corrupt it.
 * We hold DATA_DIR/server.lock (our pid) for the life of the process; a lock left by a
 * process that no longer exists is taken over.
 */
// Folders this process holds. A lock file naming our own pid that is not in this set was left
// by an earlier life of a process with the same pid (pid 1 in a container restarts as pid 1).
const held = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(fs.realpathSync(dataDir), "server.lock");
  if (held.has(file)) throw inUse(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      held.add(file);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        held.delete(file);
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(fs.readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) throw inUse(dataDir, pid);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

function inUse(dataDir: string, pid: number) {
  return new Error(`DATA_DIR ${dataDir} is in use by another server process (pid ${pid}); stop it or choose another DATA_DIR.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
