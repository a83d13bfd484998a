// A database for a benchmark to fill and throw away: a scratch database created on the
// PostgreSQL server of DATABASE_URL and dropped afterwards (so no bench row ever lands in real
// data), else an in-memory PGlite.
import crypto from "node:crypto";
import pg from "pg";
import { spreadCouponUses } from "../server/coupons/spread-coupon-uses.ts";
import { openDatabase, type Database, type Db } from "../server/db/client.ts";
import { coupons, planTelegramChats, pricing, profiles, user } from "../server/db/schema.ts";

/** A bench plan's monthly price (49 USDT) and the bench codes' percent off it. */
export const PLAN_PRICE = 49_000_000n;
export const PERCENT_OFF = 20;
/**
 * What a purchase with a bench code charges, written out by hand (20 % off 49 USDT) rather than
 * by the app's own pricing: a purchase refuses a total that does not match what it computes, so
 * a bench whose figure came from that same code could not catch the code being wrong.
 */
export const CODE_PRICE = 39_200_000n;

export const envInt = (name: string, fallback: number) => {
  const value = Number.parseInt(process.env[name] ?? "", 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

export async function openScratch(options: {
  prefix: string;
  poolSize: number;
}): Promise<{ database: Database; label: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = openDatabase({ memory: true });
    return { database, label: "PGlite (in memory)", drop: () => database.close() };
  }
  const name = `${options.prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: scratch.toString(), poolSize: options.poolSize });
  return {
    database,
    label: `PostgreSQL (scratch database ${name} on ${scratch.host})`,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

/**
 * What the purchase benches buy and who buys it, written straight to the tables: `planCount`
 * published plans at `price` a month, each unlocking a channel of its own (as on a real site),
 * and `members` accounts with no money yet. Returns the plans' ids and the members' ids.
 */
export async function seedPlansAndMembers(
  db: Db,
  options: { planCount: number; price: bigint; members: number },
): Promise<{ plans: { id: number }[]; ids: string[] }> {
  const plans = await db
    .insert(pricing)
    .values(
      Array.from({ length: options.planCount }, (_, i) => ({
        planId: `bench-${i}`,
        name: `Bench ${i}`,
        price: options.price,
        published: true,
      })),
    )
    .returning({ id: pricing.id });
  await db.insert(planTelegramChats).values(plans.map((plan, i) => ({ planId: plan.id, chatId: -1_000_000 - i })));
  const ids = Array.from({ length: options.members }, () => crypto.randomUUID());
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.insert(user).values(chunk.map((id) => ({ id, name: "Bench", email: `${id}@bench.invalid` })));
    await db.insert(profiles).values(chunk.map((id) => ({ id, firstName: "Bench", lastName: "Member" })));
  }
  return { plans, ids };
}

/**
 * A percent code for the purchase benches, valid for `planIds`; with `maxRedemptions`, its uses are
 * counted on the code's slots, as the back office's form leaves a limited code. `renewals` takes
 * it off that many renewals too. Returns the code's id.
 */
export async function seedBenchCode(
  db: Db,
  options: { code: string; percentOff: number; planIds: number[]; maxRedemptions: number | null; renewals?: number },
): Promise<number> {
  const terms =
    options.renewals === undefined ? {} : { duration: "repeating" as const, durationRenewals: options.renewals };
  const [made] = await db
    .insert(coupons)
    .values({
      code: options.code,
      kind: "percent",
      percentOff: options.percentOff,
      planIds: options.planIds,
      maxRedemptions: options.maxRedemptions,
      ...terms,
    })
    .returning({ id: coupons.id });
  if (options.maxRedemptions !== null) await spreadCouponUses({ tx: db, couponId: made!.id });
  return made!.id;
}
