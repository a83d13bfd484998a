/*
 * Outboxes (member notifications, newsletter deliveries) claim due rows with FOR UPDATE SKIP
 * LOCKED and lease them: a process that dies mid-send releases its rows when the lease ends.
 */

/** How long a claimed row stays away from other runs. */
export const LEASE_SECONDS = 5 * 60;

/**
 * How long a run may keep sending what it claimed: well inside the lease, so no row it still
 * holds is claimed (and sent) by another run meanwhile. The SMTP transport's own timeouts bound
 * a single send (send-email.ts).
 */
export const RUN_BUDGET_MS = (LEASE_SECONDS * 1000) / 2;

/**
 * Handles claimed rows one at a time until they are done or `deadline` (a Date.now() value)
 * has passed; the rows not reached go to `handBack`, which makes them due again at once.
 * Resolves to false when the deadline cut the work short.
 */
export async function sendBeforeDeadline<R>(
  rows: readonly R[],
  options: { deadline: number; each: (row: R) => Promise<unknown>; handBack: (rest: R[]) => PromiseLike<unknown> },
) {
  for (const [index, row] of rows.entries()) {
    if (Date.now() > options.deadline) {
      await options.handBack(rows.slice(index));
      return false;
    }
    await options.each(row);
  }
  return true;
}
