import { getConfig } from "../../config.ts";
import { readOrCreateSecretFile } from "../../lib/secret-file.ts";

/**
 * The key Better Auth signs cookies with: AUTH_SECRET, or one created once in DATA_DIR for the
 * embedded database. Several instances on PostgreSQL must share it, so there the configuration
 * check requires AUTH_SECRET in production.
 */
export function getAuthSecret(): string {
  const config = getConfig();
  return config.authSecret ?? readOrCreateSecretFile(config.dataDir, "auth-secret");
}
