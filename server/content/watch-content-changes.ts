import type { Database } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";

/** The channel the content triggers notify (db/migrations/0005_content_changes.sql). */
export const CONTENT_CHANNEL = "content_changed";

/**
 * Calls `onChange` whenever plans, results or blog posts change, on this server or any other
 * (and after the listener had to reconnect). Resolves to a function that stops watching.
 */
export async function watchContentChanges(options: { database: Database; onChange: (table: string) => void }) {
  const log = getLogger();
  return options.database.listen(CONTENT_CHANNEL, (table) => {
    log.debug({ table: table || "(unknown: listener reconnected)" }, "content changed");
    options.onChange(table);
  });
}
