// Seeds a back office's worth of members for `npm run bench -- back-office`, set-based (a few
// statements of INSERT … SELECT generate_series), so 100 000 members take seconds, not minutes.
// Every member: a user and profile, one credited deposit (ledger row and chain deposit), and for
// three in four a subscription with its purchase (ledger row and invoice); one in four of those
// also renewed once. Balances equal the sum of each member's ledger, as the money rules require.
import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";

export const PLAN_PRICE = 49_000_000n;

export async function seedBackOffice(options: { db: Db; members: number }) {
  const { db, members: n } = options;
  const plans = await db.execute<{ id: number }>(sql`
    insert into pricing (plan_id, name, price, published, display_order)
    select 'bench-' || g, 'Bench plan ' || g, ${PLAN_PRICE}, true, g from generate_series(1, 5) g
    returning id`);
  const first = Math.min(...plans.rows.map((r) => Number(r.id)));
  // Sign-ups spread over two years; one in ten unverified emails, one in 500 banned.
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at, updated_at, banned)
    select 'bench-' || g, 'Member ' || g, 'member' || g || '@bench.example', g % 10 <> 0,
           now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute', now(), g % 500 = 0
    from generate_series(1, ${n}) g`);
  // deposit d = 100 + (g % 7) * 10 USDT; a purchase (g % 4 <> 3) and a renewal (g % 4 = 0) 49 each.
  await db.execute(sql`
    insert into profiles (id, first_name, last_name, telegram_username, telegram_verified, telegram_user_id,
                          balance, created_at)
    select 'bench-' || g, (array['Ada','Grace','Alan','Edsger','Barbara','Donald'])[1 + g % 6], 'Trader' || g,
           'trader_' || g, g % 3 <> 0, case when g % 3 <> 0 then 5000000000 + g end,
           (100 + (g % 7) * 10) * 1000000
             - case when g % 4 <> 3 then ${PLAN_PRICE}::bigint else 0 end
             - case when g % 4 = 0 then ${PLAN_PRICE}::bigint else 0 end,
           now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute'
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into ledger_entries (user_id, kind, amount, reference, memo, created_at)
    select 'bench-' || g, 'deposit'::ledger_kind, (100 + (g % 7) * 10) * 1000000, 'bench:deposit:' || g, 'USDT TRC-20',
           now() - (g % 700) * interval '1 day'
    from generate_series(1, ${n}) g
    union all
    select 'bench-' || g, 'purchase'::ledger_kind, ${-PLAN_PRICE}::bigint, 'bench:purchase:' || g, 'Bench plan',
           now() - (g % 690) * interval '1 day'
    from generate_series(1, ${n}) g where g % 4 <> 3
    union all
    select 'bench-' || g, 'renewal'::ledger_kind, ${-PLAN_PRICE}::bigint, 'bench:renewal:' || g, 'Bench plan',
           now() - (g % 30) * interval '1 day'
    from generate_series(1, ${n}) g where g % 4 = 0`);
  await db.execute(sql`
    insert into chain_deposits (tx_id, event_index, user_id, to_address, from_address, amount, block_number,
                                block_timestamp)
    select md5('tx' || g) || md5('bench' || g), 0, 'bench-' || g, 'TBenchDepositAddress' || g, 'TBenchSender',
           (100 + (g % 7) * 10) * 1000000, 60000000 + g, now() - (g % 700) * interval '1 day'
    from generate_series(1, ${n}) g`);
  // One subscription per subscriber: a third each monthly, quarterly, lifetime; one in eight lapsed.
  await db.execute(sql`
    insert into subscriptions (user_id, plan_id, status, billing_period, start_date, next_billing_date, autorenew)
    select 'bench-' || g, ${first} + g % 5,
           (case when g % 8 in (1, 2) then 'expired' else 'active' end)::subscription_status,
           (array['monthly','quarterly','lifetime'])[1 + g % 3]::billing_period,
           now() - (g % 690) * interval '1 day',
           case when g % 3 = 2 then null else now() + ((g % 40) - 5) * interval '1 day' end,
           g % 3 <> 2
    from generate_series(1, ${n}) g where g % 4 <> 3`);
  await db.execute(sql`
    insert into billing_history (user_id, invoice_id, issue_date, total_amount, status, description)
    select 'bench-' || g, 'BENCH-' || g, now() - (g % 690) * interval '1 day', ${PLAN_PRICE}, 'paid'::billing_status, 'Bench plan'
    from generate_series(1, ${n}) g where g % 4 <> 3`);
  await db.execute(sql`
    insert into notifications (user_id, kind, payload, email_sent_at, created_at)
    select 'bench-' || g, 'deposit_credited', '{}'::jsonb, now() - (g % 700) * interval '1 day',
           now() - (g % 700) * interval '1 day'
    from generate_series(1, ${n}) g`);
  // Each plan unlocks one paid chat; every verified member with an active subscription is in
  // it (the ended ones' members were removed, as the renewal job's sweep does).
  await db.execute(sql`
    insert into plan_telegram_chats (plan_id, chat_id)
    select ${first} + g, -1001000000000 - g from generate_series(0, 4) g`);
  await db.execute(sql`
    insert into telegram_chat_members (chat_id, telegram_user_id, user_id, joined_at)
    select -1001000000000 - (g % 5), 5000000000 + g, 'bench-' || g, now() - (g % 690) * interval '1 day'
    from generate_series(1, ${n}) g where g % 4 <> 3 and g % 3 <> 0 and g % 8 not in (1, 2)`);
  // A live database's tables are kept vacuumed by autovacuum (statistics, and the visibility map
  // that lets a count be read from an index alone); freshly bulk-loaded ones are not until it
  // has run, so the bench does what it would do.
  await db.execute(sql`vacuum analyze`);
}
