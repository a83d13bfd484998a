import { sql } from "drizzle-orm";
import { postLedgerEntry } from "#server/billing/ledger";
import type { Db } from "#server/db/client";

/** More rows than the longest page of any list holds (50), so every list has a second page. */
const PAST_ONE_PAGE = 55;

/**
 * Rows enough for a second page of every back-office list and of the blog: members (the members
 * list, search), their referrals by `memberId`, plans due to renew, the audit log, newsletter
 * subscribers, contact messages, failed Telegram deliveries, deposits, posts, and ledger entries
 * of `memberId`'s (the ledger, the member's money). A list clamps its page to the pages it has, so
 * without them a page rule that fails past the first page is never reached.
 */
export async function fillListsPastOnePage(options: { db: Db; memberId: string; label: string }): Promise<void> {
  const { db, memberId } = options;
  const tag = options.label.toLowerCase().replace(/[^a-z0-9]/g, "");
  const n = PAST_ONE_PAGE;
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select ${tag} || '-member-' || i, 'Listed ' || i, ${tag} || '-member-' || i || '@example.com', true
    from generate_series(1, ${n}::int) i`);
  await db.execute(sql`insert into profiles (id, first_name, last_name)
    select ${tag} || '-member-' || i, 'Listed', 'Member ' || i from generate_series(1, ${n}::int) i`);
  await db.execute(sql`insert into referrals (referred_id, referrer_id, visited_at)
    select ${tag} || '-member-' || i, ${memberId}, now() - interval '1 day' from generate_series(1, ${n}::int) i`);
  const [plan] = (
    await db.execute<{ id: number }>(sql`insert into pricing (plan_id, name, price)
      values (${`${tag}-listed-plan`}, 'Listed plan', 10000000) returning id`)
  ).rows;
  await db.execute(sql`insert into subscriptions (user_id, plan_id, billing_period, next_billing_date)
    select ${tag} || '-member-' || i, ${plan!.id}::int, 'monthly', now() + (i || ' hours')::interval
    from generate_series(1, ${n}::int) i`);
  await db.execute(sql`insert into audit_log (actor_label, actor_role, action, target_type, target_id, summary)
    select 'cli:listed', 'operator', 'listed.row', 'member', ${memberId}, 'Listed row ' || i
    from generate_series(1, ${n}::int) i`);
  await db.execute(sql`insert into newsletter_subscribers (email, token_hash, token_expires_at, confirmed_at)
    select ${tag} || '-reader-' || i || '@example.com', ${tag} || '-token-' || i, now() + interval '1 day', now()
    from generate_series(1, ${n}::int) i`);
  await db.execute(sql`insert into contact_submissions (name, email, message)
    select 'Listed ' || i, ${tag} || '-writer-' || i || '@example.com', 'Listed message ' || i
    from generate_series(1, ${n}::int) i`);
  await db.execute(sql`insert into notifications (user_id, kind, telegram_status, telegram_error)
    select ${memberId}, 'listed', 'failed', 'Forbidden: bot was blocked by the user' from generate_series(1, ${n}::int) i`);
  await db.execute(sql`insert into chain_deposits (tx_id, event_index, user_id, to_address, from_address, amount,
      block_number, block_timestamp)
    select ${tag} || '-tx-' || i, 0, ${memberId}, 'TListedToAddress', 'TListedFromAddress', 1000000, i, now()
    from generate_series(1, ${n}::int) i`);
  await db.execute(sql`insert into blog (slug, title, content, category, date, image, author, published, published_at)
    select ${tag} || '-listed-' || i, 'Listed post ' || i, '<p>Listed</p>', 'News', '2026-11-23',
           '/images/blog/placeholder.jpg', 'Listed', true, now() - (i || ' minutes')::interval
    from generate_series(1, ${n}::int) i`);
  // One by one, as deposits credit: each ledger row moves the balance in its own transaction.
  for (let i = 0; i < n; i++)
    await db.transaction((tx) =>
      postLedgerEntry({ tx, userId: memberId, kind: "deposit", amount: 1_000_000n, reference: `${tag}:listed:${i}` }),
    );
}
