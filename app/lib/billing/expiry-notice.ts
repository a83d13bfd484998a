/**
 * Why a plan ended at its due date, as the email and the bot say it. A complimentary plan lapses on
 * its date whatever its autorenew says, so "autorenew was off" would be untrue for it; payloads
 * queued before the reason was kept have none and read as autorenew off, which they were.
 */
export function expiredLine(p: { plan?: string; reason?: string }): string {
  if (p.reason === "complimentary")
    return `Your complimentary access to ${p.plan ?? "your plan"} has reached its end date, so it has ended.`;
  return `${p.plan ?? "Your subscription"} has ended because autorenew was off.`;
}
