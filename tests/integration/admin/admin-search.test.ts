import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { BackOfficeSearch } from "~/lib/view-types/admin/search";
import { loader as membersLoader } from "~/routes/admin/members/admin.members";
import { loader } from "~/routes/admin/search/admin.search";
import { blogPosts, pricing, profiles, subscriptions, user } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-search");

type Answer = { kinds: string[]; error: string | null; search: BackOfficeSearch | null; page: number };

describeEachDatabase("the back office's global search", (database) => {
  const db = () => database().db;
  const accounts: Record<string, Awaited<ReturnType<typeof signUpStaff>>> = {};
  const ask = async (who: string, query: string) => {
    const answer = await callLoader(loader, { path: `/admin/search?${query}`, cookie: accounts[who]!.cookie });
    return { status: answer.status, ...(answer.data as Answer) };
  };

  useProcessDatabase(database);
  beforeAll(async () => {
    for (const role of ["owner", "editor", "support"] as const) accounts[role] = await signUpStaff(db(), role);
    // Members to find: names, Telegram usernames and subscriptions of their own.
    for (const [key, name, telegram] of [
      ["ada", "Ada Lovelace", "ada_trades"],
      ["grace", "Grace Hopper", "gracex"],
      ["percent", "Fifty Percent", "fifty"],
    ] as const) {
      const member = await signUpStaff(db(), null);
      accounts[key] = member;
      await db().update(user).set({ name }).where(eq(user.id, member.userId));
      const [first, last] = name.split(" ");
      await db()
        .update(profiles)
        .set({ firstName: first, lastName: last, telegramUsername: telegram, telegramVerified: key === "ada" })
        .where(eq(profiles.id, member.userId));
    }
    await db().update(user).set({ email: "fifty%off@example.com" }).where(eq(user.id, accounts.percent!.userId));
    const [plan] = await db()
      .insert(pricing)
      .values({ planId: "search-vip", name: "VIP Signals", price: 50_000_000n, published: true })
      .returning();
    await db()
      .insert(subscriptions)
      .values([
        {
          userId: accounts.ada!.userId,
          planId: plan!.id,
          status: "active",
          billingPeriod: "monthly",
          nextBillingDate: new Date("2026-12-20T00:00:00Z"),
          autorenew: true,
        },
        {
          userId: accounts.grace!.userId,
          planId: plan!.id,
          status: "expired",
          billingPeriod: "quarterly",
          nextBillingDate: new Date("2026-10-01T00:00:00Z"),
          autorenew: false,
        },
      ]);
    await db()
      .insert(blogPosts)
      .values([
        {
          slug: "ada-weekly",
          title: "Ada's weekly BTC outlook",
          content: "<p>x</p>",
          category: "News",
          date: "2026-11-20",
          image: "/x.svg",
          author: "Ed",
          published: true,
        },
        {
          slug: "draft-ada",
          title: "Draft: more on ADA",
          content: "<p>x</p>",
          category: "News",
          date: "2026-11-21",
          image: "/x.svg",
          author: "Ed",
          published: false,
        },
        {
          slug: "old-ada",
          title: "Old ADA notes",
          content: "<p>x</p>",
          category: "News",
          date: "2026-11-01",
          image: "/x.svg",
          author: "Ed",
          archivedAt: new Date(),
        },
      ]);
  });

  it("finds members by email, name or Telegram username with what staff look them up for", async () => {
    const byName = await ask("owner", "q=lovelace");
    expect(byName.status).toBe(200);
    expect(byName.search!.members).toEqual({
      total: 1,
      rows: [
        {
          userId: accounts.ada!.userId,
          email: accounts.ada!.email,
          emailVerified: true,
          name: "Ada Lovelace",
          staffRole: null,
          telegramUsername: "ada_trades",
          telegramVerified: true,
          joinedAt: expect.any(String),
          subscriptions: [
            {
              plan: "VIP Signals",
              status: "active",
              billingPeriod: "monthly",
              nextBillingDate: "2026-12-20T00:00:00.000Z",
              autorenew: true,
            },
          ],
        },
      ],
    });
    expect((await ask("owner", "q=%40gracex")).search!.members!.rows.map((m) => m.name)).toEqual(["Grace Hopper"]);
    expect((await ask("owner", "q=GRACE+hopper")).search!.members!.rows[0]!.subscriptions[0]).toMatchObject({
      status: "expired",
      billingPeriod: "quarterly",
    });
    expect(
      (await ask("owner", `q=${encodeURIComponent(accounts.grace!.email.toUpperCase())}`)).search!.members!.rows.map(
        (m) => m.userId,
      ),
    ).toEqual([accounts.grace!.userId]);
  });

  it("finds the people the Members list finds for the term: staff accounts with a profile too, with their role", async () => {
    // The test helper's accounts are all "Sam Staff", the three staff ones with a profile like any member.
    const { search } = await ask("owner", "q=sam+staff");
    const found = new Map(search!.members!.rows.map((m) => [m.userId, m.staffRole]));
    expect(found.get(accounts.owner!.userId)).toBe("owner");
    expect(found.get(accounts.support!.userId)).toBe("support");
    expect(found.get(accounts.editor!.userId)).toBe("editor");
    expect(search!.members!.total).toBe(search!.members!.rows.length);
    const list = await callLoader(membersLoader, {
      path: "/admin/members?q=sam+staff",
      cookie: accounts.owner!.cookie,
    });
    const listed = (list.data as { list: { rows: { id: string }[] } }).list.rows.map((row) => row.id);
    expect([...found.keys()].sort()).toEqual(listed.sort());
    // By the Telegram user id as well, as the list finds it.
    await db().update(profiles).set({ telegramUserId: 777001234n }).where(eq(profiles.id, accounts.support!.userId));
    expect((await ask("owner", "q=777001234")).search!.members!.rows.map((m) => m.userId)).toEqual([
      accounts.support!.userId,
    ]);
  });

  it("takes LIKE's wildcards literally", async () => {
    expect((await ask("owner", "q=%25off")).search!.members!.rows.map((m) => m.email)).toEqual([
      "fifty%off@example.com",
    ]);
    // "_" is an underscore: ada_trades, not "ada" followed by any character.
    expect((await ask("owner", "q=a_t")).search!.members!.total).toBe(1);
    expect((await ask("owner", "q=%25%25")).search!.members!.total).toBe(0);
    expect((await ask("owner", "q=%25%25")).search!.posts!.total).toBe(0);
  });

  it("finds posts in any status by title, titles that start with the term first", async () => {
    const { search } = await ask("owner", "q=ada");
    expect(search!.posts!.rows.map((p) => [p.title, p.status])).toEqual([
      ["Ada's weekly BTC outlook", "published"],
      ["Draft: more on ADA", "draft"],
      ["Old ADA notes", "archived"],
    ]);
  });

  it("gives each role only the kinds it may read: support members, an editor posts, an owner both", async () => {
    const support = await ask("support", "q=ada");
    expect(support.kinds).toEqual(["members"]);
    expect(Object.keys(support.search!)).toEqual(["query", "members"]);
    const editor = await ask("editor", "q=ada");
    expect(editor.kinds).toEqual(["posts"]);
    expect(Object.keys(editor.search!)).toEqual(["query", "posts"]);
    // Asking for a kind the role may not read gives nothing, not the kind.
    expect(Object.keys((await ask("editor", "q=ada&kind=members")).search!)).toEqual(["query"]);
    expect(Object.keys((await ask("owner", "q=ada")).search!)).toEqual(["query", "members", "posts"]);
  });

  it("bounds the query: too short searches nothing, too long is refused with a message (400), the header asks for five", async () => {
    expect(await ask("owner", "q=a")).toMatchObject({
      status: 200,
      search: null,
      error: "Type at least 2 characters.",
    });
    expect(await ask("owner", "")).toMatchObject({ status: 200, search: null, error: null });
    expect(await ask("owner", `q=${"x".repeat(101)}`)).toMatchObject({
      status: 400,
      search: null,
      error: "Search for at most 100 characters.",
    });
    expect((await ask("owner", `q=${"  ada  "}`)).search!.query).toBe("ada");
    for (let i = 0; i < 6; i++) {
      await db()
        .insert(blogPosts)
        .values({
          slug: `paging-${i}`,
          title: `Paging post ${i}`,
          content: "<p>x</p>",
          category: "News",
          date: "2026-11-21",
          image: "/x.svg",
          author: "Ed",
        });
    }
    expect((await ask("owner", "q=paging+post&preview=1")).search!.posts).toMatchObject({
      total: 6,
      rows: { length: 5 },
    });
    expect((await ask("owner", "q=paging+post")).search!.posts!.rows).toHaveLength(6);
  });

  it("pages one kind at a time on the results page", async () => {
    for (let i = 0; i < 21; i++) {
      await db()
        .insert(blogPosts)
        .values({
          slug: `many-${i}`,
          title: `Many results ${String(i).padStart(2, "0")}`,
          content: "<p>x</p>",
          category: "News",
          date: "2026-11-21",
          image: "/x.svg",
          author: "Ed",
        });
    }
    const first = await ask("owner", "q=many+results&kind=posts");
    expect(first.search!.posts).toMatchObject({ total: 21, rows: { length: 20 } });
    expect(first.search!.members).toBeUndefined();
    const second = await ask("owner", "q=many+results&kind=posts&page=2");
    expect(second.page).toBe(2);
    expect(second.search!.posts!.rows).toHaveLength(1);
    expect(new Set([...first.search!.posts!.rows, ...second.search!.posts!.rows].map((p) => p.id)).size).toBe(21);
  });
});
