import { beforeAll, expect, it } from "vitest";
import * as page from "~/routes/admin/members/admin.members.$memberId";
import { notifications, telegramChatMembers } from "#server/db/schema";
import { describeEachDatabase } from "../../../helpers/database";
import { withTestDataDir } from "../../../helpers/env";
import { useMemberPage, type MemberPageView } from "../../../helpers/member-page";
import { callLoader } from "../../../helpers/route-request";

withTestDataDir("admin-member-page");

// Who the member is, how their notifications went, and what each role may do on the page. Their
// money and subscriptions are admin-member-page-money.test.ts; notes and signing out,
// admin-member-page-actions.test.ts.
describeEachDatabase("the member page", (database) => {
  const db = () => database().db;
  const { people, open, view } = useMemberPage(database);

  beforeAll(async () => {
    const { member } = people;
    await db().insert(notifications).values({
      userId: member.userId,
      kind: "renewal_failed",
      emailAttempts: 2,
      lastError: "SMTP down",
      telegramStatus: "failed",
      telegramError: "blocked",
    });
    await db()
      .insert(telegramChatMembers)
      .values([
        { chatId: -100123, telegramUserId: 777, userId: member.userId, joinedAt: new Date("2026-10-01T00:00:00Z") },
        // The bot could not remove them from this one: it lost its rights there.
        {
          chatId: -100456,
          telegramUserId: 777,
          userId: member.userId,
          joinedAt: new Date("2026-10-02T00:00:00Z"),
          removalAttempts: 3,
          removalError: "Bad Request: not enough rights to restrict/demote chat member",
          removalFailedAt: new Date("2026-11-01T10:00:00Z"),
          removalNextAt: new Date("2026-11-01T10:04:00Z"),
        },
      ]);
  });

  it("shows the profile, account state, sessions and Telegram link", async () => {
    const v = await view();
    expect(v.profile).toMatchObject({
      id: people.member.userId,
      email: people.member.email,
      firstName: "Sam",
      emailVerified: true,
      twoFactorEnabled: false,
      staffRole: null,
      banned: false,
      banReason: null,
    });
    expect(v.sessions).toHaveLength(1);
    expect(v.sessions[0]).toMatchObject({ ipAddress: expect.any(String) });
    expect(v.telegram).toMatchObject({ username: expect.stringMatching(/^sam_/), verified: false, userId: null });
    expect(v.telegram.chats).toEqual([
      { chatId: "-100123", joinedAt: "2026-10-01T00:00:00.000Z", removalFailed: null },
      {
        chatId: "-100456",
        joinedAt: "2026-10-02T00:00:00.000Z",
        removalFailed: {
          error: "Bad Request: not enough rights to restrict/demote chat member",
          nextAttemptAt: "2026-11-01T10:04:00.000Z",
        },
      },
    ]);
  });

  it("shows a staff member's role", async () => {
    const answer = await callLoader(page, {
      path: `/admin/members/${people.support.userId}`,
      params: { memberId: people.support.userId },
      cookie: people.owner.cookie,
    });
    expect((answer.data as unknown as MemberPageView).profile.staffRole).toBe("support");
  });

  it("shows the notifications with how each delivery went", async () => {
    const v = await view();
    expect(v.notifications).toEqual([
      expect.objectContaining({
        kind: "renewal_failed",
        emailSentAt: null,
        emailAttempts: 2,
        lastError: "SMTP down",
        telegramStatus: "failed",
        telegramError: "blocked",
      }),
    ]);
  });

  it("is 404 for an unknown member, and tells each role what it may do", async () => {
    const missing = await callLoader(page, {
      path: "/admin/members/nobody",
      params: { memberId: "nobody" },
      cookie: people.owner.cookie,
    });
    expect(missing.status).toBe(404);
    expect((await view()).abilities).toEqual({
      assist: true,
      write: true,
      adjustMoney: true,
      fixTelegram: true,
      readAudit: true,
      readReferrals: true,
    });
    const asSupport = (await open(people.support)).data as unknown as MemberPageView;
    expect(asSupport.abilities).toEqual({
      assist: true,
      write: false,
      adjustMoney: false,
      fixTelegram: true,
      readAudit: false,
      readReferrals: false,
    });
    expect((await open(people.editor)).status).toBe(404);
  });
});
