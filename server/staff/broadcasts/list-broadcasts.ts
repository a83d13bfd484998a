import { asc, desc, eq } from "drizzle-orm";
import { AUDIENCE_STATUS_LABELS, type BroadcastAudience, type BroadcastState } from "~/lib/broadcasts";
import type { AdminBroadcast, AdminBroadcastRow, BroadcastPlanChoice } from "~/lib/view-types/admin/broadcasts";
import type { DbOrTx } from "../../db/client.ts";
import { broadcasts, pricing } from "../../db/schema.ts";
import { getBroadcastProgress } from "./broadcast-progress.ts";

/** The plans an audience may name: every plan, archived ones too (their members may have ended). */
export async function listBroadcastPlans({ db }: { db: DbOrTx }): Promise<BroadcastPlanChoice[]> {
  return db
    .select({ id: pricing.id, name: pricing.name })
    .from(pricing)
    .orderBy(asc(pricing.displayOrder), asc(pricing.id));
}

/** "Active or Ended recently (30 days) · VIP, Spot": the audience in words. */
export function describeAudience(audience: BroadcastAudience, plans: BroadcastPlanChoice[]) {
  const statuses = audience.statuses
    .map((s) =>
      s === "ended" ? `${AUDIENCE_STATUS_LABELS.ended} (${audience.endedWithinDays} days)` : AUDIENCE_STATUS_LABELS[s],
    )
    .join(" or ");
  if (audience.planIds.length === 0 || !audience.statuses.some((s) => s !== "never_paid")) return statuses;
  const names = audience.planIds.map((id) => plans.find((p) => p.id === id)?.name ?? `plan ${id}`);
  return `${statuses} · ${names.join(", ")}`;
}

/** Broadcasts (of one state, if given), newest first, with their outcome so far: a page of `limit` from `offset`. */
export async function listBroadcasts(options: {
  db: DbOrTx;
  state?: BroadcastState;
  limit?: number;
  offset?: number;
}): Promise<AdminBroadcastRow[]> {
  const { db, state, limit = 200, offset = 0 } = options;
  const rows = await db
    .select()
    .from(broadcasts)
    .where(state ? eq(broadcasts.state, state) : undefined)
    .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
    .limit(limit)
    .offset(offset);
  const plans = await listBroadcastPlans({ db });
  const progress = await getBroadcastProgress({ db, broadcastIds: rows.map((r) => r.id) });
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    channel: r.channel,
    state: r.state,
    audience: describeAudience(r.audience, plans),
    at: (r.finishedAt ?? r.startedAt ?? r.scheduledAt ?? r.createdAt).toISOString(),
    createdAt: r.createdAt.toISOString(),
    scheduledAt: r.scheduledAt ? r.scheduledAt.toISOString() : null,
    progress: progress.get(r.id)!,
  }));
}

export async function getBroadcast(options: { db: DbOrTx; id: string }): Promise<AdminBroadcast | null> {
  const { db, id } = options;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [r] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
  if (!r) return null;
  const plans = await listBroadcastPlans({ db });
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: r.id,
    subject: r.subject,
    body: r.body,
    channel: r.channel,
    state: r.state,
    audience: r.audience,
    audienceText: describeAudience(r.audience, plans),
    scheduledAt: iso(r.scheduledAt),
    startedAt: iso(r.startedAt),
    finishedAt: iso(r.finishedAt),
    cancelledAt: iso(r.cancelledAt),
    progress: (await getBroadcastProgress({ db, broadcastIds: [r.id] })).get(r.id)!,
  };
}
