import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getSiteFigures } from "#server/content/get-site-figures";
import { seedDemoContentIfEmpty } from "#server/content/seed-demo-content";
import { pricing, results, user } from "#server/db/schema";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";

describeEachDatabase("the figures marketing pages may claim", (database) => {
  beforeAll(async () => {
    await seedDemoContentIfEmpty({ db: database().db, brandName: "Acme Signals" });
  });

  it("sums wins and losses of published results only", async () => {
    const db = database().db;
    const published = (await db.select().from(results)).filter((r) => r.published);
    const wins = published.reduce((n, r) => n + r.wins, 0);
    const losses = published.reduce((n, r) => n + r.losses, 0);
    const figures = await getSiteFigures({ db });
    expect(figures.wins).toBe(wins);
    expect(figures.closedSignals).toBe(wins + losses);
    // The seeded draft has results of its own: they are not counted.
    expect((await db.select().from(results)).some((r) => !r.published && r.wins > 0)).toBe(true);
  });

  it("reads the published plans' largest and smallest discount", async () => {
    const db = database().db;
    expect(await getSiteFigures({ db })).toMatchObject({ largestDiscount: 60, smallestDiscount: 60 });
    const [plan] = await db.select().from(pricing).where(eq(pricing.published, true)).limit(1);
    await db.update(pricing).set({ discount: 20 }).where(eq(pricing.id, plan!.id));
    expect(await getSiteFigures({ db })).toMatchObject({ largestDiscount: 60, smallestDiscount: 20 });
    await db.update(pricing).set({ discount: 60 }).where(eq(pricing.id, plan!.id));
  });

  it("counts members with a verified address, not staff and not unverified sign-ups", async () => {
    const db = database().db;
    const before = (await getSiteFigures({ db })).members;
    const verified = await createMember(db);
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, verified.id));
    await createMember(db); // not verified
    const staff = await createMember(db);
    await db.update(user).set({ emailVerified: true, role: "owner" }).where(eq(user.id, staff.id));
    expect((await getSiteFigures({ db })).members).toBe(before + 1);
  });
});
