type Expired = { plan?: string; reason?: string; continuing?: string };

/**
 * Why a plan ended at its due date, as the email and the bot say it. A complimentary plan lapses on
 * its date whatever its autorenew says, so "autorenew was off" would be untrue for it; payloads
 * queued before the reason was kept have none and read as autorenew off, which they were. A plan
 * the member scheduled a change away from, to a plan they already hold (`continuing`), ended as they
 * asked and was not charged (server/billing/renewal/renewal-writes.ts, endAsScheduled).
 */
export function expiredLine(p: Expired): string {
  if (p.reason === "complimentary")
    return `Your complimentary access to ${p.plan ?? "your plan"} has reached its end date, so it has ended.`;
  if (p.reason === "scheduled")
    return `${p.plan ?? "Your subscription"} has ended as you scheduled, and nothing was charged. ${p.continuing ?? "The plan you were switching to"} continues under the plan you already have.`;
  return `${p.plan ?? "Your subscription"} has ended because autorenew was off.`;
}

/** The line after it: what the member may do now (nothing, when the plan they moved to goes on). */
export function expiredNextLine(p: Expired): string {
  return p.reason === "scheduled"
    ? "There is nothing to do."
    : "You can subscribe again at any time from the dashboard.";
}
