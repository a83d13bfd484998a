import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { DEFAULT_MEMBER_QUERY, parseMemberQuery } from "~/lib/validation/admin/members";
import { action as deleteAction } from "~/routes/api/dashboard/api.dashboard.delete-account";
import { notifications, profiles } from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { deliverNotifications } from "#server/notifications/deliver-notifications";
import { enqueueNotification } from "#server/notifications/enqueue-notification";
import { getMemberMoney } from "#server/staff/members/get-member-money";
import { listMembers } from "#server/staff/members/list-members";
import { streamMembersCsv } from "#server/staff/members/stream-members-csv";
import { listFailedNotifications } from "#server/staff/money/list-failed-notifications";
import { creditDeposit } from "#server/wallet/credit-deposit";
import { usdtTransfer } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { randomTronAddress } from "../../helpers/fake-trongrid";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { callAction } from "../../helpers/route-request";
import { signUpWithPassword } from "../../helpers/signed-up-member";
import { PASSWORD } from "../../helpers/two-factor-browser";

withTestDataDir("deleted-account-money");

// Migration 0039's clean-up of notifications queued for deleted accounts before the fix.
const cleanup = readFileSync(new URL("../../../db/migrations/0039_deleted_accounts.sql", import.meta.url), "utf8")
  .split("--> statement-breakpoint")
  .find((statement) => /DELETE FROM "notifications"/.test(statement))!;

let n = 0;

/*
 * What happens after a member deleted their account: a transfer that still arrives at its
 * deposit address is credited to the anonymous account (bookkeeping keeps it), but nothing is
 * sent to the erased address, and the back office lists the account as deleted, money included.
 */
describeEachDatabase("a deleted account's late deposit and how the back office shows it", (database) => {
  const db = () => database().db;

  useProcessDatabase(database);

  /** A member who signed up and then deleted their account. */
  async function deletedMember() {
    n++;
    const gone = await signUpWithPassword(db(), {
      firstName: "Gone",
      lastName: "Member",
      email: `gone-${n}@deleted-money.test`,
      telegram: `gone_money_${n}`,
      ip: `10.32.0.${n}`,
    });
    const answer = await callAction(deleteAction, {
      path: "/api/dashboard/delete-account",
      json: { password: PASSWORD },
      cookie: gone.cookie,
    });
    expect(answer.status).toBe(200);
    return gone.userId;
  }

  async function depositTo(userId: string, amount: bigint) {
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, userId));
    return creditDeposit({
      db: db(),
      userId,
      event: usdtTransfer(profile!.walletAddress ?? randomTronAddress(), amount),
    });
  }

  const sent: Email[] = [];
  const capture = async (email: Email) => void sent.push(email);

  it("credits a late deposit to the ledger but queues, sends and fails no notification for it", async () => {
    const id = await deletedMember();
    expect(await depositTo(id, 15_000_000n)).toEqual({ credited: true, completion: { status: "none" } });
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, id));
    expect(profile!.balance).toBe(15_000_000n);
    await expectLedgerInvariant(db());

    // Nothing is queued for the erased address, so nothing is sent or fails.
    expect(await db().select().from(notifications).where(eq(notifications.userId, id))).toEqual([]);
    expect(await deliverNotifications({ db: db(), send: capture })).toEqual({ sent: 0, failed: 0 });
    expect(sent).toEqual([]);
    const failed = await listFailedNotifications({ db: db(), before: null, pageSize: 50 });
    expect(failed.deliveries.filter((d) => d.userId === id)).toEqual([]);
  });

  it("a notification queued as the account was being deleted is dropped, not sent and not failed", async () => {
    const id = await deletedMember();
    // As a transaction that read the account just before the deletion committed would have queued it.
    await db()
      .insert(notifications)
      .values({ userId: id, kind: "deposit_credited", payload: { amount: "$1.00" } });
    const failing = async () => {
      throw new Error("550 no such mailbox");
    };
    expect((await deliverNotifications({ db: db(), send: failing })).failed).toBe(0);
    expect(await db().select().from(notifications).where(eq(notifications.userId, id))).toEqual([]);
    // And queuing one now writes nothing.
    await enqueueNotification({ tx: db(), userId: id, kind: "balance_credited", payload: { amount: "$2.00" } });
    expect(await db().select().from(notifications).where(eq(notifications.userId, id))).toEqual([]);
  });

  it("migration 0039 removes the notifications already queued for deleted accounts, and only those", async () => {
    const gone = await deletedMember();
    const live = await createMember(db());
    for (const userId of [gone, live.id])
      await db()
        .insert(notifications)
        .values({ userId, kind: "deposit_credited", payload: { amount: "$1.00" } });
    await db().execute(sql.raw(cleanup));
    expect(await db().select().from(notifications).where(eq(notifications.userId, gone))).toEqual([]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, live.id))).toHaveLength(1);
  });

  it("the member list marks the account deleted, filters by it, and its money still counts", async () => {
    const id = await deletedMember();
    await depositTo(id, 7_000_000n);
    await createMember(db());
    // Listed as everyone is, marked deleted, with its balance.
    const everyone = await listMembers({ db: db(), query: DEFAULT_MEMBER_QUERY });
    expect(everyone.rows.find((r) => r.id === id)).toMatchObject({ deleted: true, balance: "7000000" });
    expect(everyone.rows.some((r) => !r.deleted)).toBe(true);
    // The filter leaves only deleted accounts.
    const deleted = await listMembers({ db: db(), query: { ...DEFAULT_MEMBER_QUERY, deleted: true } });
    expect(deleted.rows.map((r) => r.id)).toContain(id);
    expect(deleted.rows.every((r) => r.deleted)).toBe(true);
    expect(deleted.total).toBe(deleted.rows.length);
    expect(deleted.total).toBeLessThan(everyone.total);
    expect(parseMemberQuery(new URLSearchParams("deleted=1")).query.deleted).toBe(true);

    // The CSV of the same filter says so in its last column.
    const csv = await new Response(
      streamMembersCsv({ db: db(), query: { ...DEFAULT_MEMBER_QUERY, deleted: true } }),
    ).text();
    const line = csv.split("\r\n").find((l) => l.startsWith(id))!;
    expect(line.split(",").at(-1)).toBe("yes");
    expect(csv.split("\r\n")[0]!.split(",").at(-1)).toBe("deleted");

    const money = await getMemberMoney({ db: db(), memberId: id, ledgerPage: 1 });
    expect(money!.balance).toBe("7000000");
    expect(money!.ledger.rows.map((r) => [r.kind, r.amount])).toEqual([["deposit", "7000000"]]);
  });
});
