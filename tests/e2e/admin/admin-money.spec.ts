import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

type Testing = typeof import("../support/server-entry.ts");

/** A member with a deposit and a purchase in the ledger, tagged with this run. */
async function seed(app: { testing: Testing }) {
  const tag = crypto.randomBytes(3).toString("hex");
  const { schema, getDatabase } = app.testing;
  const { db } = getDatabase();
  const member = { id: crypto.randomUUID(), email: `payer-${tag}@money.test` };
  await db.insert(schema.user).values({ ...member, name: "Payer" });
  await db.insert(schema.profiles).values({ id: member.id, firstName: "Pat", lastName: "Payer" });
  await app.testing.postLedgerEntry({
    tx: db,
    userId: member.id,
    kind: "deposit",
    amount: 40_000_000n,
    reference: `e2e-${tag}:deposit`,
  });
  await app.testing.postLedgerEntry({
    tx: db,
    userId: member.id,
    kind: "purchase",
    amount: -15_000_000n,
    reference: `e2e-${tag}:purchase`,
  });
  return { tag, member };
}

const ledgerRows = (page: Page) =>
  page
    .getByRole("table", { name: "Ledger entries" })
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });

test.describe("back office: money", () => {
  test("an operator filters the ledger across members and sees the totals per kind", async ({ page, app, context }) => {
    const { tag, member } = await seed(app);
    await signUpStaff(app, context, "admin");
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Back office sections" }).getByRole("link", { name: "Money" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Money");

    await page.getByLabel("Member", { exact: true }).fill(member.email);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/member=/);
    await expect(ledgerRows(page)).toHaveCount(2);
    await expect(ledgerRows(page).first()).toContainText(`e2e-${tag}:purchase`);
    await expect(ledgerRows(page).first().getByRole("link", { name: member.email })).toHaveAttribute(
      "href",
      `/admin/members/${member.id}`,
    );
    await expectAccessible(page, "Ledger explorer");

    await page.getByLabel("Kind", { exact: true }).selectOption("deposit");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/kind=deposit/);
    await expect(ledgerRows(page)).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Totals of the filtered entries" })).toContainText("+$40.00 USDT");

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(ledgerRows(page)).toHaveCount(1);
    await expectNoSidewaysScroll(page);
  });

  test("an operator runs the ledger check now and sees a member whose balance differs", async ({
    page,
    app,
    context,
  }) => {
    const { member } = await seed(app);
    const { schema, getDatabase } = app.testing;
    const [before] = await getDatabase()
      .db.select({ balance: schema.profiles.balance })
      .from(schema.profiles)
      .where(eq(schema.profiles.id, member.id));
    // The ledger is append-only; the cached balance is what drifts.
    await getDatabase()
      .db.update(schema.profiles)
      .set({ balance: 30_000_000n })
      .where(eq(schema.profiles.id, member.id));
    try {
      await signUpStaff(app, context, "owner");
      await page.goto("/admin/money");
      await waitForHydration(page);
      await page.getByRole("navigation", { name: "Money pages" }).getByRole("link", { name: "Reconciliation" }).click();
      await expect(page.getByRole("heading", { name: "Ledger check" })).toBeVisible();
      await page.getByRole("button", { name: "Run now" }).click();
      const differ = page.getByRole("table", { name: "Balances that differ from the ledger" });
      await expect(differ.getByRole("row", { name: new RegExp(member.email) })).toContainText("5 USDT");
      await expectAccessible(page, "Reconciliation");
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(differ).toBeVisible();
      await expectNoSidewaysScroll(page);
    } finally {
      // Other tests in this worker's database (the ops commands' reconcile) expect a consistent ledger.
      await getDatabase()
        .db.update(schema.profiles)
        .set({ balance: before!.balance })
        .where(eq(schema.profiles.id, member.id));
    }
  });
});
