import crypto from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { LEDGER_PAGE_SIZE, ledgerQueryMessages } from "~/lib/validation/admin/money";
import type { LedgerExplorerView } from "~/lib/view-types/admin/money";
import { loader } from "~/routes/admin/money/admin.money";
import { ledgerEntries, user } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-money-ledger");

// Every seeded reference starts with this, so the staff accounts' own entries (none) stay out.
const TAG = `lx-${crypto.randomBytes(3).toString("hex")}`;

describeEachDatabase("the ledger explorer", (database) => {
  const db = () => database().db;
  const ann = { id: crypto.randomUUID(), email: `Ann-${TAG}@ledger.test` };
  const bob = { id: crypto.randomUUID(), email: `bob-${TAG}@ledger.test` };
  let owner: Awaited<ReturnType<typeof signUpStaff>>;

  const view = async (query: string, who = owner) => {
    const answer = await callLoader(loader, { path: `/admin/money?${query}`, cookie: who.cookie });
    expect(answer.status).toBe(200);
    return answer.data as unknown as LedgerExplorerView;
  };
  const refs = async (query: string) => (await view(`${query}`)).ledger.rows.map((r) => r.reference);

  useProcessDatabase(database);
  beforeAll(async () => {
    owner = await signUpStaff(db(), "owner");
    await db()
      .insert(user)
      .values([
        { ...ann, name: "Ann" },
        { ...bob, name: "Bob" },
      ]);
    const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
    await db()
      .insert(ledgerEntries)
      .values([
        {
          userId: ann.id,
          kind: "deposit",
          amount: 100_000_000n,
          reference: `${TAG}:dep:1`,
          createdAt: at("2026-03-01"),
        },
        {
          userId: ann.id,
          kind: "purchase",
          amount: -30_000_000n,
          reference: `${TAG}:buy:1`,
          createdAt: at("2026-03-02"),
        },
        {
          userId: bob.id,
          kind: "deposit",
          amount: 50_500_000n,
          reference: `${TAG}:dep:2`,
          createdAt: at("2026-03-05"),
        },
        {
          userId: bob.id,
          kind: "renewal",
          amount: -30_000_000n,
          reference: `${TAG}:ren:1`,
          createdAt: at("2026-04-01"),
        },
        { userId: ann.id, kind: "refund", amount: 30_000_000n, reference: `${TAG}:ref:1`, createdAt: at("2026-04-02") },
        {
          userId: ann.id,
          kind: "deposit",
          amount: 1_000_000n,
          reference: `${TAG}:dep:3`,
          createdAt: at("2026-04-03", 23),
        },
      ]);
  });

  it("lists entries newest first across members, each with its member's id and email", async () => {
    const { ledger } = await view(`reference=${TAG}&prefix=1`);
    expect(ledger.rows.map((r) => r.reference)).toEqual([
      `${TAG}:dep:3`,
      `${TAG}:ref:1`,
      `${TAG}:ren:1`,
      `${TAG}:dep:2`,
      `${TAG}:buy:1`,
      `${TAG}:dep:1`,
    ]);
    expect(ledger.rows[2]).toMatchObject({ userId: bob.id, email: bob.email, kind: "renewal", amount: "-30000000" });
  });

  it("filters by kind, dates (both ends included), member (email in any case, or id) and reference", async () => {
    expect(await refs(`reference=${TAG}&prefix=1&kind=deposit`)).toEqual([
      `${TAG}:dep:3`,
      `${TAG}:dep:2`,
      `${TAG}:dep:1`,
    ]);
    expect(await refs(`reference=${TAG}&prefix=1&from=2026-03-02&to=2026-04-03`)).toEqual([
      `${TAG}:dep:3`,
      `${TAG}:ref:1`,
      `${TAG}:ren:1`,
      `${TAG}:dep:2`,
      `${TAG}:buy:1`,
    ]);
    expect(await refs(`reference=${TAG}&prefix=1&to=2026-03-05`)).toEqual([
      `${TAG}:dep:2`,
      `${TAG}:buy:1`,
      `${TAG}:dep:1`,
    ]);
    expect(await refs(`member=${ann.email.toUpperCase()}&kind=deposit`)).toEqual([`${TAG}:dep:3`, `${TAG}:dep:1`]);
    expect(await refs(`member=${bob.id}`)).toEqual([`${TAG}:ren:1`, `${TAG}:dep:2`]);
    expect(await refs(`reference=${TAG}:buy:1`)).toEqual([`${TAG}:buy:1`]);
    // Exact unless asked for a prefix; LIKE's wildcards are plain characters.
    expect(await refs(`reference=${TAG}:dep`)).toEqual([]);
    expect(await refs(`reference=${TAG}:dep:&prefix=1&member=${bob.id}`)).toEqual([`${TAG}:dep:2`]);
    expect(await refs(`reference=${TAG.slice(0, 2)}_&prefix=1`)).toEqual([]);
    const none = await view(`member=nobody-${TAG}@ledger.test`);
    expect(none.ledger).toMatchObject({ rows: [], memberFound: false });
  });

  it("totals count and sum per kind over the whole filtered set", async () => {
    expect((await view(`reference=${TAG}&prefix=1`)).ledger.totals).toEqual([
      { kind: "deposit", count: 3, sum: "151500000" },
      { kind: "purchase", count: 1, sum: "-30000000" },
      { kind: "renewal", count: 1, sum: "-30000000" },
      { kind: "refund", count: 1, sum: "30000000" },
    ]);
    expect((await view(`member=${ann.id}&from=2026-04-01`)).ledger.totals).toEqual([
      { kind: "deposit", count: 1, sum: "1000000" },
      { kind: "refund", count: 1, sum: "30000000" },
    ]);
  });

  it("pages by keyset: each page older than the last, none repeated or skipped, totals unchanged", async () => {
    const many = crypto.randomUUID();
    await db()
      .insert(user)
      .values({ id: many, name: "Many", email: `many-${TAG}@ledger.test` });
    // Same timestamp for all: the id breaks the tie.
    const at = new Date("2026-05-01T00:00:00.123456Z");
    await db()
      .insert(ledgerEntries)
      .values(
        Array.from({ length: LEDGER_PAGE_SIZE + 7 }, (_, i) => ({
          userId: many,
          kind: "adjustment" as const,
          amount: 1n,
          reference: `${TAG}:many:${i}`,
          createdAt: at,
        })),
      );
    const first = await view(`member=${many}`);
    expect(first.ledger.rows).toHaveLength(LEDGER_PAGE_SIZE);
    expect(first.ledger.next).not.toBeNull();
    const cursor = `${first.ledger.next!.createdAt}~${first.ledger.next!.id}`;
    const second = await view(`member=${many}&before=${encodeURIComponent(cursor)}`);
    expect(second.ledger.rows).toHaveLength(7);
    expect(second.ledger.next).toBeNull();
    const seen = [...first.ledger.rows, ...second.ledger.rows].map((r) => r.reference);
    expect(new Set(seen).size).toBe(LEDGER_PAGE_SIZE + 7);
    expect(second.ledger.totals).toEqual([{ kind: "adjustment", count: LEDGER_PAGE_SIZE + 7, sum: "57" }]);
  });

  it("drops what it cannot read with a message instead of failing", async () => {
    const odd = await view("kind=gift&from=2026-02-30&before=yesterday");
    expect(odd.problems).toEqual([
      ledgerQueryMessages.kind,
      ledgerQueryMessages.date("From"),
      ledgerQueryMessages.cursor,
    ]);
    expect(odd.query).toMatchObject({ kind: null, from: null, before: null });
  });

  it("is refused to support and editors", async () => {
    for (const role of ["support", "editor"] as const) {
      const staff = await signUpStaff(db(), role);
      const answer = await callLoader(loader, { path: "/admin/money", cookie: staff.cookie });
      expect(answer.status).toBe(404);
    }
    const admin = await signUpStaff(db(), "admin");
    expect((await callLoader(loader, { path: "/admin/money", cookie: admin.cookie })).status).toBe(200);
  });
});
