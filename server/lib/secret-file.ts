import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A random secret kept in `dataDir/name` (mode 0600), created once. It is written to a temp
 * file and hard-linked into place: linking fails when the file exists, so two processes
 * starting at once cannot each create (and hand out) a different secret; the loser reads the
 * winner's.
 */
export function readOrCreateSecretFile(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    // 0700: the folder holds the database and every secret file (umask can only narrow it).
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
    fs.writeFileSync(tmp, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
    } catch {
      // Another process created it first: use theirs.
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    return fs.readFileSync(file, "utf8").trim();
  }
}
