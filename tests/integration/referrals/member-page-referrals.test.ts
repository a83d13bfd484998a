import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as page from "~/routes/admin/members/admin.members.$memberId";
import { referrals } from "#server/db/schema";
import { MEMBER_REFERRALS_SHOWN } from "#server/staff/members/get-member-referrals";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("member-page-referrals");

type View = Awaited<ReturnType<typeof page.loader>>;

const DAY = 86_400_000;
const USDT = 1_000_000n;

// The member page's Referrals part, read through the page's loader. The
// referral rows are written as the reward and its refunds leave them (reward-referral.ts,
// reverse-referral-reward.ts): which states the page tells apart is what is tested here.
describeEachDatabase("the member page: referrals", (database) => {
  const db = () => database().db;
  let owner: Awaited<ReturnType<typeof signUpStaff>>;
  let support: Awaited<ReturnType<typeof signUpStaff>>;
  let referrer: Awaited<ReturnType<typeof signUpStaff>>;
  let member: Awaited<ReturnType<typeof signUpStaff>>;

  const open = async (who: { cookie: string }, memberId: string) => {
    const answer = await callLoader(page, {
      path: `/admin/members/${memberId}`,
      params: { memberId },
      cookie: who.cookie,
    });
    expect(answer.status).toBe(200);
    return answer.data as unknown as View;
  };

  useProcessDatabase(database);
  beforeAll(async () => {
    [owner, support, referrer, member] = await Promise.all([
      signUpStaff(db(), "owner"),
      signUpStaff(db(), "support"),
      signUpStaff(db(), null),
      signUpStaff(db(), null),
    ]);
  });

  it("says who referred the member, since when, and what their first payment earned the referrer", async () => {
    const signedUp = new Date("2026-11-02T09:00:00.000Z");
    await db()
      .insert(referrals)
      .values({
        referredId: member.userId,
        referrerId: referrer.userId,
        visitedAt: new Date(signedUp.getTime() - DAY),
        createdAt: signedUp,
        billingId: crypto.randomUUID(),
        paymentAmount: 50n * USDT,
        reward: 5n * USDT,
        rule: "10%",
        rewardedAt: new Date("2026-11-05T09:00:00.000Z"),
      });
    const view = await open(owner, member.userId);
    expect(view.referrals.referredBy).toEqual({
      memberId: referrer.userId,
      email: referrer.email,
      signedUpAt: signedUp.toISOString(),
      state: "paid",
      refusal: null,
      payment: "50000000",
      reward: "5000000",
      reversed: "0",
      rewardedAt: "2026-11-05T09:00:00.000Z",
    });
    expect(view.referrals.referred).toEqual({ latest: [], total: 0, rewarded: 0, rewardsPaid: "0", reversed: "0" });

    // A refund took part of the reward back, then the rest of it.
    await db()
      .update(referrals)
      .set({ reversed: 2n * USDT })
      .where(eq(referrals.referredId, member.userId));
    expect((await open(owner, member.userId)).referrals.referredBy?.state).toBe("partly-reversed");
    await db()
      .update(referrals)
      .set({ reversed: 5n * USDT })
      .where(eq(referrals.referredId, member.userId));
    expect((await open(owner, member.userId)).referrals.referredBy).toMatchObject({
      state: "reversed",
      reward: "5000000",
      reversed: "5000000",
    });
  });

  it("lists the members they referred, the latest few, with the count and rewards of them all", async () => {
    const base = new Date("2026-10-01T00:00:00.000Z").getTime();
    const others = [];
    for (let i = 0; i < MEMBER_REFERRALS_SHOWN + 2; i++) others.push(await createMember(db()));
    // Oldest first, all rewarded 1 USDT each but the newest four: one paid while rewards were
    // off, one before its first payment, one refused, one rewarded and reversed in part.
    const n = others.length;
    await db()
      .insert(referrals)
      .values(
        others.map((o, i) => ({
          referredId: o.id,
          referrerId: referrer.userId,
          visitedAt: new Date(base + i * DAY),
          createdAt: new Date(base + i * DAY),
          ...(i === n - 2
            ? { refusal: "telegram" as const }
            : i === n - 3
              ? {}
              : {
                  billingId: crypto.randomUUID(),
                  paymentAmount: 20n * USDT,
                  reward: i === n - 4 ? null : USDT,
                  reversed: i === n - 1 ? 400_000n : 0n,
                  rewardedAt: i === n - 4 ? null : new Date(base + i * DAY + 3_600_000),
                }),
        })),
      );
    const view = await open(owner, referrer.userId);
    const { referred } = view.referrals;
    // The member referred in the first test is the newest sign-up of all, and counts.
    expect(referred.total).toBe(n + 1);
    expect(referred.rewarded).toBe(n - 3 + 1);
    // 5 (reversed in full) + 1 for each of the n - 3 rewarded here; 5 + 0.4 taken back.
    expect(referred.rewardsPaid).toBe(String(5n * USDT + BigInt(n - 3) * USDT));
    expect(referred.reversed).toBe("5400000");
    expect(referred.latest).toHaveLength(MEMBER_REFERRALS_SHOWN);
    expect(referred.latest[0]).toMatchObject({ memberId: member.userId, email: member.email, state: "reversed" });
    expect(referred.latest.slice(1).map((r) => r.memberId)).toEqual(
      others
        .map((o) => o.id)
        .reverse()
        .slice(0, MEMBER_REFERRALS_SHOWN - 1),
    );
    expect(referred.latest.slice(1, 6).map((r) => r.state)).toEqual([
      "partly-reversed",
      "refused",
      "waiting",
      "none",
      "paid",
    ]);
    expect(referred.latest[2]).toMatchObject({ refusal: "telegram", payment: null, reward: null });
    expect(referred.latest[1]).toMatchObject({ payment: "20000000", reward: "1000000", reversed: "400000" });
    expect(view.referrals.referredBy).toBeNull();
  });

  it("shows support the same referral figures as the rest of the page, and links the Referrals list only for money.read", async () => {
    const asOwner = await open(owner, referrer.userId);
    const asSupport = await open(support, referrer.userId);
    expect(asSupport.referrals).toEqual(asOwner.referrals);
    expect(asOwner.abilities.readReferrals).toBe(true);
    expect(asSupport.abilities.readReferrals).toBe(false);
  });
});
