import crypto from "node:crypto";
import { getConfig } from "../config.ts";
import { readOrCreateSecretFile } from "../lib/secret-file.ts";

/**
 * The bearer token of the operator API: OPS_TOKEN, or one the server creates once in DATA_DIR
 * (mode 0600) so the ops commands on the same machine can read it.
 */
export function readOrCreateOpsToken(): string {
  const config = getConfig();
  return config.opsToken ?? readOrCreateSecretFile(config.dataDir, "ops-token");
}

/** Constant-time comparison of a presented bearer token with the expected one. */
export function isValidOpsToken(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = crypto.createHash("sha256").update(presented).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}
