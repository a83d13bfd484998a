import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { SignedInMember } from "./production-instance";

export type Plan = { id: number; price: bigint };

/** One purchase request and how it was answered ("network": no HTTP answer at all). */
export type Attempt = {
  instance: number;
  userId: string;
  key: string;
  planId: number;
  status: number | "network";
  ok: boolean;
  error?: string;
  startedAt: number;
  endedAt: number;
};

/** The purchase limit is 20 per member per 15 minutes: a member is put aside a little before it. */
const ATTEMPTS_PER_MEMBER = 18;

type LoadMember = SignedInMember & {
  attempts: number;
  busy: boolean;
  bought: Set<number>;
  /** A checkout not answered for sure (no answer, 503, 5xx): retried with the same key. */
  pending?: { planId: number; key: string };
};

/**
 * Members buying plans on every instance, continuously, as the dashboard does: one monthly plan
 * per request with a fresh idempotency key, and a request that got no definite answer (no
 * answer, 503) retried with the same key, as a member clicking again on the same dialog.
 */
export function startPurchaseLoad(options: {
  instances: string[];
  origin: string;
  members: SignedInMember[];
  plans: Plan[];
  workersPerInstance: number;
  pauseMs: number;
  /**
   * Clears the members' purchase limits when every member has used its attempts, so a few
   * members can buy for as long as the test runs (the limit is not what is tested here).
   */
  resetLimits: () => Promise<void>;
}) {
  const members: LoadMember[] = options.members.map((m) => ({ ...m, attempts: 0, busy: false, bought: new Set() }));
  const attempts: Attempt[] = [];
  let stopped = false;

  const take = () => {
    const free = members.filter(
      (m) => !m.busy && m.attempts < ATTEMPTS_PER_MEMBER && m.bought.size < options.plans.length,
    );
    const member = free.sort((a, b) => a.attempts - b.attempts)[0];
    if (member) member.busy = true;
    return member;
  };

  let resetting: Promise<void> | undefined;
  const resetLimits = () =>
    (resetting ??= options
      .resetLimits()
      .then(
        () => members.forEach((m) => (m.attempts = 0)),
        () => {}, // the database is away: the next round tries again
      )
      .finally(() => (resetting = undefined)));

  const buy = async (instance: number, member: LoadMember) => {
    const plan = member.pending
      ? options.plans.find((p) => p.id === member.pending!.planId)!
      : options.plans.find((p) => !member.bought.has(p.id))!;
    const key = member.pending?.key ?? crypto.randomUUID();
    member.attempts++;
    const attempt = await purchase({
      url: options.instances[instance]!,
      instance,
      origin: options.origin,
      member,
      plan,
      key,
    });
    attempts.push(attempt);
    if (attempt.ok) {
      member.bought.add(plan.id);
      member.pending = undefined;
    } else if (attempt.status === "network" || attempt.status >= 500) {
      member.pending = { planId: plan.id, key };
    } else {
      member.pending = undefined;
      if (attempt.status === 429) member.attempts = ATTEMPTS_PER_MEMBER;
    }
  };

  const worker = async (instance: number) => {
    while (!stopped) {
      const member = take();
      if (!member) {
        if (members.some((m) => !m.busy && m.attempts >= ATTEMPTS_PER_MEMBER)) await resetLimits();
        await sleep(options.pauseMs);
        continue;
      }
      try {
        while (
          !stopped &&
          member.attempts < ATTEMPTS_PER_MEMBER &&
          (member.pending || member.bought.size < options.plans.length)
        ) {
          await buy(instance, member);
          await sleep(options.pauseMs);
        }
      } finally {
        member.busy = false;
      }
    }
  };

  const running = options.instances.flatMap((_, instance) =>
    Array.from({ length: options.workersPerInstance }, () => worker(instance)),
  );
  return {
    attempts,
    stop: async () => {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** One checkout of one monthly plan, as the dashboard's confirm dialog sends it. */
export async function purchase(options: {
  url: string;
  instance: number;
  origin: string;
  member: SignedInMember;
  plan: Plan;
  key: string;
}): Promise<Attempt> {
  const { member, plan, key } = options;
  const attempt: Attempt = {
    instance: options.instance,
    userId: member.userId,
    key,
    planId: plan.id,
    status: "network",
    ok: false,
    startedAt: Date.now(),
    endedAt: 0,
  };
  try {
    const response = await fetch(`${options.url}/api/dashboard/purchase`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: options.origin, Cookie: member.cookie },
      body: JSON.stringify({
        planIds: [plan.id],
        billingPeriod: "monthly",
        totalAmount: plan.price.toString(),
        idempotencyKey: key,
      }),
      signal: AbortSignal.timeout(60_000),
    });
    attempt.status = response.status;
    const answer = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: string };
    attempt.ok = response.status === 200 && answer.ok === true;
    if (!attempt.ok) attempt.error = answer.error;
  } catch (error) {
    attempt.error = (error as Error).message;
  }
  attempt.endedAt = Date.now();
  return attempt;
}
