// `npx tsx scripts/bench-money.ts` (or `npm run bench -- money`): throughput and latency of the
// money path. Against PostgreSQL when DATABASE_URL is set — in a scratch database created on
// that server and dropped afterwards, so no bench member ever lands in real data — else an
// in-memory PGlite. The same concurrency throughout, so the figures compare in one run:
//   baseline  one ledger credit per transaction (the smallest money write; it funds the members)
//   purchase  purchaseSubscriptions: profile lock, price check, subscription, invoice, ledger
//   upgrade   the same call buying a bundle whose channels include a plan the member holds: the
//             unused part of that plan credited, the plan ended in the same transaction
//   coupon    the same call buying another plan with a 20 % code valid for it and for its next
//             three renewals (no limit on its total uses), so the code is checked and priced each
//             time, its gate held shared, and the subscription keeps it for its renewals
//   limited   the same with a code for the first period only, limited to far more uses than a run
//             makes: its uses taken in blocks on the code's slots and handed out from memory, each
//             checked in the write
// Every plan unlocks a channel of its own (the bundle: plan 0's and one more), as on a real site.
// Each kind (and the purchases alone) buys for BENCH_MEMBERS members of its own, each holding
// exactly one other plan when it does (an upgrade's: the plan it replaces), bought beforehand,
// unmeasured: a purchase reads and checks its member's active plans, so each kind meets the same.
// The baseline runs first (it funds the members), then plain purchases alone for BENCH_SECONDS:
// the purchase's own throughput and latency. The four kinds of purchase then run in
// alternating short rounds, BENCH_ROUND_MS each (bench-money-rounds.ts), until each had
// BENCH_SECONDS (default 4), so each ratio to a plain purchase compares throughputs met under the
// same load and background work; their CPU per purchase follows. Then what one purchase of each
// kind costs, one at a time (statements, CPU and WAL: bench-money-cost.ts), figures a loaded
// machine does not move. Ends with the ledger invariant.
// Knobs: BENCH_MEMBERS (each kind's; five times as many are made), BENCH_CONCURRENCY, BENCH_SECONDS, BENCH_ROUND_MS (default 500; at or above
// BENCH_SECONDS * 1000 the kinds run one after another, as before), BENCH_ROUND_LOG=1,
// BENCH_COST_RUNS (of each kind, default 200), BENCH_WARMUP_MS (each kind's unmeasured run before
// its rounds, default 500).
import { postLedgerEntry } from "../server/billing/ledger.ts";
import { purchaseSubscriptions } from "../server/billing/purchase-subscriptions.ts";
import { migrateDatabase } from "../server/db/migrate.ts";
import { planTelegramChats, pricing } from "../server/db/schema.ts";
import { measurePurchaseCost } from "./bench-money-cost.ts";
import { checkMoneyInvariant } from "./bench-money-invariant.ts";
import { attempt, phase, report } from "./bench-money-phase.ts";
import { runRounds, type RoundKind } from "./bench-money-rounds.ts";
import {
  CODE_PRICE,
  envInt,
  openScratch,
  PERCENT_OFF,
  PLAN_PRICE,
  seedBenchCode,
  seedPlansAndMembers,
} from "./bench-scratch.ts";

const PLAN_COUNT = 5;
/** Who buys for which kind: the members are split in these groups, BENCH_MEMBERS each. */
const GROUPS = ["alone", "purchase", "upgrade", "coupon", "limited"] as const;
/** The plan every member holds before its measured purchase (the upgrades' members: plan 0, which they replace). */
const HELD_PLAN = 1;
const COUPON_CODE = "BENCH20";
const LIMITED_CODE = "BENCH20LIMITED";

async function main() {
  const { database, label, drop } = await openScratch({
    prefix: "bench_money",
    poolSize: envInt("BENCH_CONCURRENCY", 16) + 2,
  });
  try {
    await migrateDatabase({ database });
    const { db } = database;
    const postgres = database.kind === "postgres";
    const concurrency = envInt("BENCH_CONCURRENCY", postgres ? 16 : 1);
    // Members of each kind's own (see GROUPS below): four times as many are made and funded.
    const members = envInt("BENCH_MEMBERS", postgres ? 1500 : 400);
    const seconds = envInt("BENCH_SECONDS", 4);
    const roundMs = envInt("BENCH_ROUND_MS", 500);
    const warmupMs = envInt("BENCH_WARMUP_MS", 500);
    console.log(
      `bench money: ${label}; ${members} members for each kind (${members * GROUPS.length} in all), ${PLAN_COUNT} plans, concurrency ${concurrency}, ≤ ${seconds} s a phase`,
    );

    const { plans, ids } = await seedPlansAndMembers(db, {
      planCount: PLAN_COUNT,
      price: PLAN_PRICE,
      members: members * GROUPS.length,
    });
    const [bundle] = await db
      .insert(pricing)
      .values({ planId: "bench-bundle", name: "Bench bundle", price: PLAN_PRICE * 2n, published: true })
      .returning({ id: pricing.id });
    await db.insert(planTelegramChats).values([
      { planId: bundle!.id, chatId: -1_000_000 },
      { planId: bundle!.id, chatId: -2_000_000 },
    ]);

    // Baseline: fund members with enough for every plan, one ledger credit per transaction, for
    // BENCH_SECONDS; then every member not funded yet, the same way, unmeasured.
    const funding = PLAN_PRICE * BigInt(PLAN_COUNT + 1);
    const fund = async (i: number) => {
      await db.transaction((tx) =>
        postLedgerEntry({ tx, userId: ids[i]!, kind: "deposit", amount: funding, reference: `bench:fund:${ids[i]}` }),
      );
      return true;
    };
    const baseline = await phase("baseline", ids.length, concurrency, seconds, fund);
    const baselineRate = report(baseline);
    await phase("funding", ids.length - baseline.done, concurrency, Number.POSITIVE_INFINITY, (i) =>
      fund(baseline.done + i),
    );
    // Each kind buys for members of its own, each holding exactly one other plan when it does: an
    // upgrade's member the plan it replaces (plan 0), every other member plan 1, which no measured
    // purchase sells. A member's active plans are read and checked by every purchase of theirs, so
    // more of them cost more; when the kinds shared members, a kind running behind the others met
    // members holding two or three plans where the plain purchases, ahead, met members holding
    // none or one, and the ratios said more about the members than about the kinds.
    const groups = new Map(GROUPS.map((name, g) => [name, ids.slice(g * members, (g + 1) * members)]));
    const group = (name: (typeof GROUPS)[number]) => groups.get(name)!;
    await phase("holding", ids.length, concurrency, Number.POSITIVE_INFINITY, (i) => {
      const plan = GROUPS[Math.floor(i / members)] === "upgrade" ? 0 : HELD_PLAN;
      return attempt(
        purchaseSubscriptions({
          db,
          userId: ids[i]!,
          planIds: [plans[plan]!.id],
          billingPeriod: "monthly",
          totalAmount: PLAN_PRICE,
          idempotencyKey: `bench:held:${i}`,
        }),
      );
    });

    const couponCode = async (planIndex: number, code: string, maxRedemptions: number | null, renewals?: number) => {
      const planId = plans[planIndex]!.id;
      const id = await seedBenchCode(db, {
        code,
        percentOff: PERCENT_OFF,
        planIds: [planId],
        maxRedemptions,
        renewals,
      });
      return { planId, code, id };
    };

    // The kinds, in alternating rounds (bench-money-rounds.ts), each through its own members.
    // Purchases: plan 0. Upgrades: the bundle over plan 0; every day of plan 0's month is unused,
    // so all of its price is credited: the bundle costs one plan more. Coupons: the last plan with
    // one shared code with no limit on its total uses (a popular code: once per member), taking
    // off three renewals too (a launch offer: each subscription names it); limited: the plan
    // before it with one shared code that has such a limit (far above what a run uses), its uses
    // taken in blocks on the code's slots. A kind that runs out of members ends early (reported).
    const coupon = await couponCode(PLAN_COUNT - 1, COUPON_CODE, null, 3);
    const limited = await couponCode(PLAN_COUNT - 2, LIMITED_CODE, 10_000_000);
    const queue = (count: number) => {
      let next = 0;
      return () => (next < count ? next++ : null);
    };
    // One kind: purchases of one plan at `totalAmount` (with a code, when given), each by a member
    // of the group's own.
    const kind = (
      name: (typeof GROUPS)[number],
      planId: number,
      totalAmount: bigint,
      couponCode?: string,
    ): RoundKind => ({
      name: name === "alone" ? "purchase" : name,
      next: queue(members),
      task: (i) =>
        attempt(
          purchaseSubscriptions({
            db,
            userId: group(name)[i]!,
            planIds: [planId],
            billingPeriod: "monthly",
            totalAmount,
            idempotencyKey: `bench:${name}:${i}`,
            ...(couponCode === undefined ? {} : { couponCode }),
          }),
        ),
    });
    // The purchase's own figure: plain purchases alone for BENCH_SECONDS on the funded database, as
    // a site meets them, of plan 2 (which no kind in the rounds sells), by members of their own.
    // The rounds then add the other kinds, whose rows (and the dead row versions every kind
    // leaves where nothing vacuums within the run) each kind pays for alike.
    const alone = (
      await runRounds({
        database,
        concurrency,
        seconds,
        roundMs: seconds * 1000,
        warmupMs,
        log: false,
        kinds: [kind("alone", plans[2]!.id, PLAN_PRICE)],
      })
    ).get("purchase")!;
    const results = await runRounds({
      database,
      concurrency,
      seconds,
      roundMs,
      warmupMs,
      log: process.env.BENCH_ROUND_LOG === "1",
      kinds: [
        kind("purchase", plans[0]!.id, PLAN_PRICE),
        kind("upgrade", bundle!.id, PLAN_PRICE),
        kind("coupon", coupon.planId, CODE_PRICE, coupon.code),
        kind("limited", limited.planId, CODE_PRICE, limited.code),
      ],
    });
    for (const run of [alone, ...results.values()])
      if (run.seconds < seconds - 0.01)
        console.log(`note: ${run.name} ran out of members after ${run.seconds.toFixed(2)} s (raise BENCH_MEMBERS)`);
    const aloneRate = report(alone);
    console.log(`purchase / baseline throughput: ${(aloneRate / baselineRate).toFixed(2)} (purchases alone)`);
    const result = (name: string) => results.get(name)!;
    console.log("in the rounds:");
    const purchaseRate = report(result("purchase"));
    // Each ratio is of throughputs measured in the same alternating rounds, so under the same load
    // and background work; the CPU per purchase beside it is what each kind itself cost.
    for (const [name, label] of [
      ["upgrade", "upgrade"],
      ["coupon", "coupon"],
      ["limited", "limited coupon"],
    ] as const)
      console.log(`${label} / purchase throughput: ${(report(result(name)) / purchaseRate).toFixed(2)}`);
    const cpuLine = (name: string) => {
      const run = result(name);
      const database = run.databaseMs === null ? "" : ` + database ${(run.databaseMs / run.done).toFixed(2)} ms`;
      return `${name} ${(run.nodeMs / run.done).toFixed(2)} ms${database}`;
    };
    console.log(
      `CPU per purchase in the rounds (node${result("purchase").databaseMs === null ? "" : " + database backends"}): ${["purchase", "upgrade", "coupon", "limited"].map(cpuLine).join("; ")}`,
    );

    // What one purchase of each kind costs, figures a loaded machine does not move.
    // Each of them succeeds or throws: their code uses count below.
    const costRuns = envInt("BENCH_COST_RUNS", postgres ? 200 : 50);
    await measurePurchaseCost({
      database,
      kinds: [
        { name: "purchase", planId: plans[0]!.id, total: PLAN_PRICE },
        { name: "upgrade", planId: bundle!.id, total: PLAN_PRICE, holds: plans[0]!.id },
        { name: "coupon", planId: coupon.planId, total: CODE_PRICE, couponCode: coupon.code },
        { name: "limited", planId: limited.planId, total: CODE_PRICE, couponCode: limited.code },
      ],
      runs: costRuns,
    });

    const holds = await checkMoneyInvariant({
      db,
      codes: { free: coupon.code, limited: limited.code, limitedId: limited.id },
      runs: {
        alone,
        purchase: result("purchase"),
        upgrade: result("upgrade"),
        coupon: result("coupon"),
        limited: result("limited"),
      },
      costRuns,
    });
    if (!holds) process.exitCode = 1;
  } finally {
    await drop();
  }
}

await main();
