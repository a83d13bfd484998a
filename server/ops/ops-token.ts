import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "../config.ts";

const FILE = "ops-token";

/**
 * The bearer token of the operator API: OPS_TOKEN, or one the server creates once in DATA_DIR
 * (mode 0600) so the ops commands on the same machine can read it.
 */
export function getOpsToken(): string {
  const config = getConfig();
  if (config.opsToken) return config.opsToken;
  const file = path.join(config.dataDir, FILE);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const token = crypto.randomBytes(32).toString("base64url");
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, token, { mode: 0o600 });
    fs.renameSync(tmp, file);
    return token;
  }
}

/** Constant-time comparison of a presented bearer token with the expected one. */
export function isValidOpsToken(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = crypto.createHash("sha256").update(presented).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
