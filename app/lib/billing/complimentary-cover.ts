/**
 * What a member is told about a paid plan that a complimentary plan of theirs includes: its
 * renewals are not charged while the gift runs past them (server/billing/renew-subscription.ts).
 * The email and the bot say the same sentences; the dashboard says it on the plan's row.
 */
type Payload = { plan?: string; gift?: string; nextBillingDate?: string };

/** The message sent when a renewal was skipped for a cover (payload dates already formatted). */
export function coveredRenewalNotice(p: Payload): { title: string; lines: string[] } {
  return {
    title: `${p.plan ?? "Your subscription"} was not charged`,
    lines: [
      `${p.plan ?? "Your subscription"} was not charged because your complimentary ${p.gift ?? "plan"} includes it.`,
      `Its next renewal is on ${p.nextBillingDate ?? "its next due date"}. It stays active; there is nothing to do.`,
    ],
  };
}

/** A covered plan as the pages receive it: the gift's name and its end (ISO; null: it never ends). */
type CoveredBy = { gift: string; until: string | null };

/** The dashboard row's line for a covered plan, the gift's end written by `formatDate`. */
export function coveredLine(coveredBy: CoveredBy, formatDate: (iso: string) => string): string {
  const { gift, until } = coveredBy;
  return until
    ? `Included in your complimentary ${gift} until ${formatDate(until)}: not charged until then.`
    : `Included in your complimentary ${gift}: not charged while you have it.`;
}

/** The back office's line for the same plan (the member's page), in staff words; same arguments. */
export function coveredStaffLine(coveredBy: CoveredBy, formatDate: (iso: string) => string): string {
  const { gift, until } = coveredBy;
  return until
    ? `Covered by complimentary ${gift} until ${formatDate(until)}: not charged until then.`
    : `Covered by complimentary ${gift}, which does not end: not charged while the member has it.`;
}

/**
 * A change the member scheduled that the next renewal settles without a charge, while the plan
 * held is not covered itself (dates ISO): `covered`, the plan switched to is included in a
 * complimentary plan of theirs at that date (`until` the gift's end, null: never), so the change
 * applies uncharged; `held`, they hold the plan switched to already, so the plan `held` ends then,
 * uncharged, and that plan goes on as it is.
 */
export type PendingChange =
  | { kind: "covered"; plan: string; on: string; gift: string; until: string | null }
  | { kind: "held"; held: string; plan: string; on: string };

/** The dashboard row's line for a pending change that will not be charged, dates written by `formatDate`. */
export function pendingChangeLine(change: PendingChange, formatDate: (iso: string) => string): string {
  const on = formatDate(change.on);
  if (change.kind === "held")
    return `${change.held} ends on ${on} as scheduled, uncharged: ${change.plan} continues under the plan you already have.`;
  return change.until
    ? `Your change to ${change.plan} on ${on} is covered by complimentary ${change.gift} until ${formatDate(change.until)}: nothing will be charged then.`
    : `Your change to ${change.plan} on ${on} is covered by your complimentary ${change.gift}, which does not end: nothing will be charged then.`;
}

/** The back office's line for the same change (the member's page), in staff words; same arguments. */
export function pendingChangeStaffLine(change: PendingChange, formatDate: (iso: string) => string): string {
  const on = formatDate(change.on);
  if (change.kind === "held")
    return `${change.held} ends on ${on} as scheduled, uncharged: ${change.plan} continues under the plan the member already has.`;
  return change.until
    ? `The scheduled change to ${change.plan} on ${on} is covered by complimentary ${change.gift} until ${formatDate(change.until)}: nothing will be charged then.`
    : `The scheduled change to ${change.plan} on ${on} is covered by complimentary ${change.gift}, which does not end: nothing will be charged then.`;
}
