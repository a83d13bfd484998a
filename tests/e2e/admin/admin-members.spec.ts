import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import Papa from "papaparse";
import { ADMIN_SECTIONS } from "../../../app/lib/admin-sections";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { expectNoSidewaysScroll, sidewaysOverflow } from "../support/sideways";
import { signUpStaff } from "../support/staff";

type Testing = typeof import("../support/server-entry.ts");

/**
 * Members that carry one run's tag in their email: 53 plain ones (more than a page of 50) and
 * Ada, who has a verified Telegram, an active plan and a balance.
 */
async function seed(app: { testing: Testing }) {
  const tag = crypto.randomBytes(3).toString("hex");
  const { schema, getDatabase } = app.testing;
  const { db } = getDatabase();
  const plain = Array.from({ length: 53 }, (_, i) => ({
    id: crypto.randomUUID(),
    email: `m${String(i).padStart(2, "0")}-${tag}@crowd.test`,
  }));
  const ada = { id: crypto.randomUUID(), email: `ada-${tag}@crowd.test` };
  await db.insert(schema.user).values([...plain, ada].map((m) => ({ ...m, name: "Crowd" })));
  await db.insert(schema.profiles).values([
    ...plain.map((m, i) => ({
      id: m.id,
      firstName: "Crowd",
      lastName: `Member ${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
    {
      id: ada.id,
      firstName: "Ada",
      lastName: "Lovelace",
      telegramUsername: `ada_${tag}`,
      telegramVerified: true,
      createdAt: new Date("2026-02-01T00:00:00Z"),
    },
  ]);
  await app.testing.postLedgerEntry({
    tx: db,
    userId: ada.id,
    kind: "adjustment",
    amount: 12_500_000n,
    reference: `e2e:members:${ada.id}`,
  });
  // Not on sale: a published plan would join the public pages' plans for the rest of this
  // worker's tests (and it has no discount, so the home page's "60% off every plan" would go).
  const [plan] = await db
    .insert(schema.pricing)
    .values({ planId: `crowd-${tag}`, name: `Crowd Gold ${tag}`, price: 30_000_000n, published: false })
    .returning();
  await db.insert(schema.subscriptions).values({
    userId: ada.id,
    planId: plan!.id,
    status: "active",
    billingPeriod: "monthly",
    nextBillingDate: new Date("2027-01-01T00:00:00Z"),
  });
  return { tag, ada, planName: plan!.name };
}

const table = (page: Page) => page.getByRole("table", { name: "Members" });
const memberRows = (page: Page) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
/** What sticks out past 375 px, to say why a page scrolls sideways. */
const sticksOut = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > 375.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`),
  );

test.describe("back office: the member list", () => {
  test("an operator searches, filters, sorts, pages, opens a member and downloads the CSV", async ({
    page,
    app,
    context,
  }) => {
    const { tag, ada, planName } = await seed(app);
    await signUpStaff(app, context, "support");
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Back office sections" }).getByRole("link", { name: "Members" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Members");

    // Search: the tag is in every seeded email.
    await page.getByLabel("Search", { exact: true }).fill(tag);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/members\\?q=${tag}$`));
    await expect(page.getByText("54 members match")).toBeVisible();
    await expect(memberRows(page)).toHaveCount(50);
    await expectAccessible(page, "Member list");

    // Pages of 50, the count kept; the address holds the page.
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(memberRows(page)).toHaveCount(4);
    await expect(page.getByRole("navigation", { name: "Pages" })).toContainText("51–54 of 54 · page 2 of 2");

    // Sort by email: the address changes and the first page comes back in that order.
    await page
      .getByRole("columnheader", { name: /Member/ })
      .getByRole("link")
      .click();
    await expect(page).toHaveURL(/sort=email&dir=asc$/);
    await expect(memberRows(page).first()).toContainText(ada.email);

    // Filters: Telegram verified and an active plan leave Ada alone, with her plan and balance.
    await page.getByLabel("Telegram", { exact: true }).selectOption("verified");
    await page.getByLabel("Subscription").selectOption({ label: `Active on ${planName}` });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/telegram=verified/);
    await expect(memberRows(page)).toHaveCount(1);
    await expect(memberRows(page).first()).toContainText(planName);
    await expect(memberRows(page).first()).toContainText("$12.50 USDT");
    await expect(page.getByText("1 member match")).toBeVisible();

    // The back button goes back to the unfiltered, sorted list.
    await page.goBack();
    await expect(memberRows(page)).toHaveCount(50);
    await expect(page.getByLabel("Telegram", { exact: true })).toHaveValue("");
    await page.goForward();
    await expect(memberRows(page)).toHaveCount(1);

    // The CSV holds the filtered set.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = Papa.parse<string[]>(fs.readFileSync((await file.path())!, "utf8").trim()).data;
    expect(rows[0]).toEqual([
      "id",
      "email",
      "first name",
      "last name",
      "telegram username",
      "telegram verified",
      "telegram id",
      "balance",
      "active plans",
      "signed up",
      "banned",
      "deleted",
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[7], row[8]])).toEqual([
      [ada.id, ada.email, "12.5", planName],
    ]);

    // A row opens the member's page.
    await table(page).getByRole("link", { name: ada.email }).click();
    await expect(page).toHaveURL(`/admin/members/${ada.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Ada Lovelace (${ada.email})`);

    // A value nobody can use is named, not an error page.
    await page.goto(`/admin/members?q=${tag}&joinedFrom=someday`);
    await expect(page.getByRole("alert")).toContainText("Signed up from is not a date (YYYY-MM-DD)");
    await expect(page.getByText("54 members match")).toBeVisible();
  });

  test("a deleted account is marked Deleted, can be filtered for, and keeps its balance", async ({
    page,
    app,
    context,
  }) => {
    // An account its member deleted, as the deletion leaves it, with money still in its ledger.
    const { schema, getDatabase } = app.testing;
    const { db } = getDatabase();
    const id = crypto.randomUUID();
    await db
      .insert(schema.user)
      .values({ id, name: "Deleted member", email: `deleted-${id}@deleted.invalid`, deletedAt: new Date() });
    await db.insert(schema.profiles).values({ id, firstName: "", lastName: "" });
    await app.testing.postLedgerEntry({
      tx: db,
      userId: id,
      kind: "deposit",
      amount: 8_000_000n,
      reference: `e2e:deleted:${id}`,
    });
    await signUpStaff(app, context, "support");
    await page.goto(`/admin/members?q=${id}`);
    await waitForHydration(page);
    await expect(memberRows(page)).toHaveCount(1);
    await expect(memberRows(page).first().getByText("Deleted", { exact: true })).toBeVisible();
    await expect(memberRows(page).first()).toContainText("$8.00 USDT");

    // The filter: only deleted accounts, in the address.
    await page.getByRole("checkbox", { name: "Deleted" }).check();
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/deleted=1/);
    await expect(memberRows(page)).toHaveCount(1);
    await page.goto("/admin/members?deleted=1");
    await expect(memberRows(page).filter({ hasText: id })).toHaveCount(1);
    for (const row of await memberRows(page).all())
      await expect(row.getByText("Deleted", { exact: true })).toBeVisible();
    await expectAccessible(page, "Member list of deleted accounts");

    // The member page says so too, with the balance.
    await memberRows(page).filter({ hasText: id }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deleted member");
    await expect(page.getByText("Deleted", { exact: true }).first()).toBeVisible();
    await expect(page.locator("body")).toContainText("Balance: $8.00 USDT");
  });

  test("on a 375 px phone the member list's rows stack with their key columns, and no back-office list scrolls sideways", async ({
    page,
    app,
    context,
  }) => {
    const { tag, ada } = await seed(app);
    await signUpStaff(app, context, "owner");
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/admin/members?q=ada-${tag}`);
    await waitForHydration(page);
    const row = memberRows(page).first();
    await expect(row).toContainText(ada.email);
    // The balance and sign-up date are on screen, labelled, not off to the right.
    for (const text of ["$12.50 USDT", "Feb 1, 2026"]) {
      const cell = row.getByRole("cell", { name: new RegExp(text.replace(/[$.]/g, "\\$&")) });
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width, text).toBeLessThanOrEqual(375);
    }
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "Member list at 375 px");

    // Every section the sidebar offers (an owner sees them all), and the search's results.
    for (const path of [...ADMIN_SECTIONS.map((section) => section.path), `/admin/search?q=${tag}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await sidewaysOverflow(page), `${path}: ${(await sticksOut(page)).join(" | ")}`).toBeLessThanOrEqual(0);
    }
    // Other lists stack the same way, each value after its column's name.
    await page.goto("/admin/plans");
    const monthly = page.getByRole("cell", { name: /^Monthly ?\$/ }).first();
    await expect(monthly).toBeVisible();
    const box = (await monthly.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  });
});
