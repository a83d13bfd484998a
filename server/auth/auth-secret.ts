import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "../config.ts";

/**
 * The key Better Auth signs cookies with: AUTH_SECRET, or one created once in DATA_DIR (0600)
 * for the embedded database. Several instances on PostgreSQL must share it, so there the
 * configuration check requires AUTH_SECRET in production.
 */
export function getAuthSecret(): string {
  const config = getConfig();
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, secret, { mode: 0o600 });
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
