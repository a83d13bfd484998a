import type { BoughtSummary } from "~/lib/billing/money-messages";
import { parseUsdt } from "~/lib/money";

/**
 * A successful purchase (in the one envelope's `ok: true`
 * answer). Money is a micro-USDT string, the wire format (JSON cannot carry bigint).
 * - `activeSubscriptions`: ids of the plans active for the member after the call.
 * - `newBalance`: the balance after the purchase.
 */
/**
 * `bought`: what the balance paid for, for the answer's message (absent on answers stored before
 * it was kept).
 */
export type PurchaseResult = { activeSubscriptions: number[]; newBalance: string; bought?: BoughtSummary };

/** A json column as the driver hands it: parsed already (node-postgres, PGlite) or as text. */
export function parseJson<T = unknown>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

/**
 * A stored answer, replayed. Rows written before 2026-11-23 hold the old answer shape
 * (`success: true` and a decimal `newBalance` such as "51"); they are read in the new format so
 * a retry across the upgrade answers the same purchase the same way.
 */
export function storedResult(response: unknown): PurchaseResult {
  const row = response as {
    success?: boolean;
    activeSubscriptions: number[];
    newBalance: string;
    bought?: BoughtSummary;
  };
  if (row.success === undefined)
    return {
      activeSubscriptions: row.activeSubscriptions,
      newBalance: row.newBalance,
      ...(row.bought ? { bought: row.bought } : {}),
    };
  return { activeSubscriptions: row.activeSubscriptions, newBalance: String(parseUsdt(row.newBalance) ?? 0n) };
}
