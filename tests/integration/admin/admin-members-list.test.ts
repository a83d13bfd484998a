import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MEMBER_QUERY, memberQueryMessages } from "~/lib/validation/admin/members";
import type { MemberListView } from "~/lib/view-types/admin/members";
import { loader } from "~/routes/admin/members/admin.members";
import { loader as csvLoader } from "~/routes/admin/members/admin.members[.]csv";
import { postLedgerEntry } from "#server/billing/ledger";
import { pricing, profiles, subscriptions, user } from "#server/db/schema";
import { listMembers } from "#server/staff/members/list-members";
import { MEMBERS_CSV_BATCH, MEMBERS_CSV_HEADER } from "#server/staff/members/stream-members-csv";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callLoader, ORIGIN } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-members-list");

type Seed = {
  key: string;
  first: string;
  last: string;
  telegram?: string;
  telegramId?: bigint;
  verified?: boolean;
  balance?: bigint;
  banned?: boolean;
  joined: string;
};

// Every seeded email ends in this domain, so a search for it leaves out the staff accounts the test signs in with.
const DOMAIN = "list.test";
const SEEDS: Seed[] = [
  {
    key: "ada",
    first: "Ada",
    last: "Lovelace",
    telegram: "ada_trades",
    telegramId: 111222333n,
    verified: true,
    balance: 25_500_000n,
    joined: "2026-01-10",
  },
  { key: "grace", first: "Grace", last: "Hopper", telegram: "gracex", verified: false, joined: "2026-03-05" },
  { key: "alan", first: "Alan", last: "Turing", balance: 1n, banned: true, joined: "2026-05-20" },
  {
    key: "edsger",
    first: '=HYPERLINK("http://x")',
    last: "+Dijkstra",
    telegram: "edsger",
    telegramId: 444555666n,
    verified: true,
    joined: "2026-07-01",
  },
  { key: "barbara", first: "Barbara", last: "Liskov", joined: "2026-09-15" },
];

describeEachDatabase("the member list", (database) => {
  const db = () => database().db;
  const ids: Record<string, string> = {};
  let owner: Awaited<ReturnType<typeof signUpStaff>>;
  let gold: number;
  let silver: number;

  const list = async (query: string, who = owner) => {
    const answer = await callLoader(loader, { path: `/admin/members?${query}`, cookie: who.cookie });
    expect(answer.status).toBe(200);
    return answer.data as unknown as MemberListView;
  };
  /** The seeded members a query finds, by key, in the list's order. */
  const keys = async (query: string) => {
    const view = await list(`q=${DOMAIN}&${query}`);
    return view.list.rows.map((row) => Object.entries(ids).find(([, id]) => id === row.id)?.[0] ?? row.email);
  };

  useProcessDatabase(database);
  beforeAll(async () => {
    owner = await signUpStaff(db(), "owner");
    for (const seed of SEEDS) {
      const id = crypto.randomUUID();
      ids[seed.key] = id;
      await db()
        .insert(user)
        .values({ id, name: seed.first, email: `${seed.key}@${DOMAIN}`, banned: seed.banned ?? false });
      await db()
        .insert(profiles)
        .values({
          id,
          firstName: seed.first,
          lastName: seed.last,
          telegramUsername: seed.telegram ?? null,
          telegramUserId: seed.telegramId ?? null,
          telegramVerified: seed.verified ?? false,
          createdAt: new Date(`${seed.joined}T12:00:00Z`),
        });
      if (seed.balance)
        await postLedgerEntry({ tx: db(), userId: id, kind: "adjustment", amount: seed.balance, reference: `t:${id}` });
    }
    const plans = await db()
      .insert(pricing)
      .values([
        { planId: "list-gold", name: "Gold", price: 50_000_000n, published: true },
        { planId: "list-silver", name: "Silver", price: 20_000_000n, published: true },
      ])
      .returning();
    gold = plans[0]!.id;
    silver = plans[1]!.id;
    const monthly = { billingPeriod: "monthly" as const, nextBillingDate: new Date("2026-12-20T00:00:00Z") };
    await db()
      .insert(subscriptions)
      .values([
        { userId: ids.ada!, planId: gold, status: "active", ...monthly },
        { userId: ids.ada!, planId: silver, status: "active", ...monthly },
        { userId: ids.grace!, planId: silver, status: "active", ...monthly },
        // Lapsed: had subscriptions, none active now.
        { userId: ids.alan!, planId: gold, status: "expired", ...monthly },
        { userId: ids.alan!, planId: silver, status: "cancelled", ...monthly },
      ]);
  });

  it("lists everyone with a profile, staff included with their role, newest first, with the total", async () => {
    const view = await list("");
    expect(view.list.total).toBe(SEEDS.length + 1);
    expect(view.list.rows[0]!.id).toBe(owner.userId);
    expect(view.list.rows[0]!.staffRole).toBe("owner");
    expect(await keys("")).toEqual(["barbara", "edsger", "alan", "grace", "ada"]);
    const ada = view.list.rows.find((row) => row.id === ids.ada)!;
    expect(ada).toMatchObject({
      email: `ada@${DOMAIN}`,
      firstName: "Ada",
      lastName: "Lovelace",
      telegramUsername: "ada_trades",
      telegramVerified: true,
      telegramUserId: "111222333",
      balance: "25500000",
      activePlans: ["Gold", "Silver"],
      banned: false,
      deleted: false,
      staffRole: null,
    });
    expect(view.plans.map((p) => p.name)).toEqual(expect.arrayContaining(["Gold", "Silver"]));
  });

  it("searches email, first and last name, the full name, a Telegram username (with or without @) and a Telegram id", async () => {
    const search = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).list.rows.map((r) => r.id);
    expect(await search("GRACE@list")).toEqual([ids.grace]);
    expect(await search("barb")).toEqual([ids.barbara]);
    expect(await search("lovelace")).toEqual([ids.ada]);
    expect(await search("Alan Tur")).toEqual([ids.alan]);
    expect(await search("@gracex")).toEqual([ids.grace]);
    expect(await search("ada_tr")).toEqual([ids.ada]);
    expect(await search("444555666")).toEqual([ids.edsger]);
    // The id matches exactly: a part of it is no match.
    expect(await search("44455566")).toEqual([]);
    // A digit run too long for a Telegram id is searched as text only, not refused.
    expect(await search("99999999999999999999")).toEqual([]);
    // LIKE's wildcards are taken literally.
    expect(await search("%")).toEqual([]);
    expect(await search("nobody-here")).toEqual([]);
  });

  it("filters by any active plan, one plan, lapsed, Telegram verified or not, balance, banned and sign-up dates", async () => {
    expect(await keys("plan=active")).toEqual(["grace", "ada"]);
    expect(await keys(`plan=${gold}`)).toEqual(["ada"]);
    expect(await keys(`plan=${silver}`)).toEqual(["grace", "ada"]);
    expect(await keys("plan=lapsed")).toEqual(["alan"]);
    expect(await keys("telegram=verified")).toEqual(["edsger", "ada"]);
    expect(await keys("telegram=unverified")).toEqual(["barbara", "alan", "grace"]);
    expect(await keys("balance=1")).toEqual(["alan", "ada"]);
    expect(await keys("banned=1")).toEqual(["alan"]);
    // Whole days, both ends included.
    expect(await keys("joinedFrom=2026-03-05&joinedTo=2026-07-01")).toEqual(["edsger", "alan", "grace"]);
    expect(await keys("joinedFrom=2026-07-02")).toEqual(["barbara"]);
    expect(await keys("joinedTo=2026-01-10")).toEqual(["ada"]);
    // Filters combine.
    expect(await keys("plan=active&telegram=verified&balance=1")).toEqual(["ada"]);
    // Without the search, the filters still leave the staff out where they do not fit.
    expect((await list("banned=1")).list.rows.map((r) => r.id)).toEqual([ids.alan]);
  });

  it("sorts by sign-up, email and balance both ways, the id breaking ties", async () => {
    expect(await keys("sort=joined&dir=asc")).toEqual(["ada", "grace", "alan", "edsger", "barbara"]);
    expect(await keys("sort=email")).toEqual(["ada", "alan", "barbara", "edsger", "grace"]);
    expect(await keys("sort=email&dir=desc")).toEqual(["grace", "edsger", "barbara", "alan", "ada"]);
    const byBalance = await keys("sort=balance&dir=desc");
    expect(byBalance.slice(0, 2)).toEqual(["ada", "alan"]);
    const zero = [ids.grace, ids.edsger, ids.barbara].sort().reverse();
    expect(byBalance.slice(2)).toEqual(zero.map((id) => Object.entries(ids).find(([, v]) => v === id)![0]));
    expect((await keys("sort=balance&dir=asc")).at(-1)).toBe("ada");
  });

  it("pages by 50 with the total; a page past the end shows the last one", async () => {
    const extra = Array.from({ length: 52 }, () => crypto.randomUUID());
    await db()
      .insert(user)
      .values(extra.map((id, i) => ({ id, name: "Pager", email: `pager-${String(i).padStart(2, "0")}@pages.test` })));
    await db()
      .insert(profiles)
      .values(extra.map((id, i) => ({ id, firstName: "Pager", createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)) })));
    const first = await list("q=pages.test&sort=email&dir=asc");
    expect(first.list).toMatchObject({ total: 52, page: 1, pageCount: 2, pageSize: 50 });
    expect(first.list.rows).toHaveLength(50);
    expect(first.list.rows[0]!.email).toBe("pager-00@pages.test");
    const second = await list("q=pages.test&sort=email&dir=asc&page=2");
    expect(second.list.rows.map((r) => r.email)).toEqual(["pager-50@pages.test", "pager-51@pages.test"]);
    const beyond = await list("q=pages.test&sort=email&dir=asc&page=9");
    expect(beyond.list.page).toBe(2);
    expect(beyond.query.page).toBe(2);
    await db().delete(user).where(eq(user.name, "Pager"));
  });

  it("counts exactly when few match; when many do, shows PostgreSQL's estimate and still finds the real end", async () => {
    const extra = Array.from({ length: 60 }, () => crypto.randomUUID());
    await db()
      .insert(user)
      .values(extra.map((id, i) => ({ id, name: "Estimate", email: `estimate-${i}@estimates.test` })));
    await db()
      .insert(profiles)
      .values(extra.map((id, i) => ({ id, firstName: "Estimate", createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)) })));
    // ANALYZE reads every row of a table this small, so its estimate is the table's size.
    await db().execute(sql`analyze profiles`);
    const query = { ...DEFAULT_MEMBER_QUERY };
    const exact = await listMembers({ db: db(), query });
    expect(exact.totalEstimated).toBe(false);
    const estimated = await listMembers({ db: db(), query, exactCountBelow: 10 });
    expect(estimated).toMatchObject({ totalEstimated: true, total: exact.total, page: 1 });
    expect(estimated.rows.map((r) => r.id)).toEqual(exact.rows.map((r) => r.id));
    // The short last page tells the exact total; a page past the end is counted and clamped.
    const lastPage = Math.ceil(exact.total / 50);
    const last = await listMembers({ db: db(), query: { ...query, page: lastPage }, exactCountBelow: 10 });
    expect(last).toMatchObject({ totalEstimated: false, total: exact.total, page: lastPage, pageCount: lastPage });
    const beyond = await listMembers({ db: db(), query: { ...query, page: 40 }, exactCountBelow: 10 });
    expect(beyond).toMatchObject({ totalEstimated: false, total: exact.total, page: lastPage, pageCount: lastPage });
    // A selective search is counted exactly under the same threshold.
    const few = await listMembers({ db: db(), query: { ...query, q: "estimate-5@" }, exactCountBelow: 10 });
    expect(few).toMatchObject({ totalEstimated: false, total: 1 });
    await db().delete(user).where(eq(user.name, "Estimate"));
  });

  it("drops what it cannot read with a message, never an error page", async () => {
    const view = await list("plan=gold&telegram=maybe&joinedFrom=2026-02-30&sort=age&page=-3&q=" + "x".repeat(101));
    expect(view.query).toEqual(DEFAULT_MEMBER_QUERY);
    expect(view.problems).toEqual([
      memberQueryMessages.search,
      memberQueryMessages.plan,
      memberQueryMessages.telegram,
      memberQueryMessages.date("Signed up from"),
      memberQueryMessages.sort,
      memberQueryMessages.page,
    ]);
    expect(view.list.total).toBe(SEEDS.length + 1);
  });

  it("answers 404 to a role without members.read, and to a member", async () => {
    const editor = await signUpStaff(db(), "editor");
    const member = await signUpStaff(db(), null);
    for (const who of [editor, member]) {
      expect((await callLoader(loader, { path: "/admin/members", cookie: who.cookie })).status).toBe(404);
      expect((await callLoader(csvLoader, { path: "/admin/members.csv", cookie: who.cookie })).status).toBe(404);
    }
    const support = await signUpStaff(db(), "support");
    expect((await callLoader(loader, { path: "/admin/members", cookie: support.cookie })).status).toBe(200);
  });

  describe("the CSV export", () => {
    const download = async (query: string) => {
      const request = new Request(`${ORIGIN}/admin/members.csv?${query}`, {
        headers: { cookie: owner.cookie, "x-client-ip": "10.0.0.8" },
      });
      const response = (await csvLoader({
        request,
        params: {},
        context: { clientIp: "10.0.0.8" },
      } as never)) as Response;
      return response;
    };
    const rowsOf = async (response: Response) =>
      Papa.parse<string[]>((await response.text()).trimEnd(), { delimiter: "," }).data;

    it("holds the filtered set with every column, money as a USDT decimal, formulas made harmless", async () => {
      const response = await download(`q=${DOMAIN}&telegram=verified`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const [header, ...rows] = await rowsOf(response);
      expect(header).toEqual([...MEMBERS_CSV_HEADER]);
      const byId = new Map(rows.map((row) => [row[0], row]));
      expect(rows).toHaveLength(2);
      expect(byId.get(ids.ada!)).toEqual([
        ids.ada,
        `ada@${DOMAIN}`,
        "Ada",
        "Lovelace",
        "ada_trades",
        "yes",
        "111222333",
        "25.5",
        "Gold; Silver",
        "2026-01-10T12:00:00.000Z",
        "no",
        "no",
      ]);
      const edsger = byId.get(ids.edsger!)!;
      expect(edsger[2]).toBe(`'=HYPERLINK("http://x")`);
      expect(edsger[3]).toBe("'+Dijkstra");
      expect(edsger[7]).toBe("0");
    });

    it("streams in batches by id: the header comes first, then every row, more than one batch, each once", async () => {
      const count = MEMBERS_CSV_BATCH + 7;
      const bulk = Array.from({ length: count }, () => crypto.randomUUID());
      await db()
        .insert(user)
        .values(bulk.map((id, i) => ({ id, name: "Bulk", email: `bulk-${i}@bulk.test` })));
      await db()
        .insert(profiles)
        .values(bulk.map((id) => ({ id, firstName: "Bulk", lastName: "@risky" })));
      const response = await download("q=bulk.test");
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toBe(`${MEMBERS_CSV_HEADER.join(",")}\r\n`);
      let rest = "";
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        rest += new TextDecoder().decode(chunk.value);
      const rows = Papa.parse<string[]>(rest.trimEnd(), { delimiter: "," }).data;
      expect(rows).toHaveLength(count);
      expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(bulk));
      expect(rows.every((row) => row[3] === "'@risky")).toBe(true);
      // In id order, which is what lets each batch start after the last.
      expect(rows.map((row) => row[0])).toEqual([...bulk].sort());
      await db().delete(user).where(eq(user.name, "Bulk"));
    });

    it("with nothing to export is the header alone", async () => {
      const rows = await rowsOf(await download("q=nobody-at-all"));
      expect(rows).toEqual([[...MEMBERS_CSV_HEADER]]);
    });
  });
});
