import { data } from "react-router";
import { getLogger } from "../lib/logger.ts";

/**
 * A public page's data, or, when reading it fails (the database is down), `fallback` answered
 * with 503: the page still renders and shows its failure text, the answer stays out of
 * the page cache (it stores 200s only) and crawlers know to come back. The error is logged here.
 */
export async function loadOrUnavailable<T, F>(options: {
  load: () => Promise<T>;
  fallback: F;
  /** The log line, e.g. "pricing plans failed to load". */
  failure: string;
  context?: Record<string, unknown>;
}) {
  try {
    return await options.load();
  } catch (error) {
    getLogger().error({ err: error, ...options.context }, options.failure);
    return data(options.fallback, { status: 503 });
  }
}
