import type { Page } from "@playwright/test";
import { answered } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { signUpStaff } from "../support/staff";

type App = {
  testing: {
    getDatabase: () => { db: import("../../../server/db/client.ts").Db };
    schema: typeof import("../../../server/db/schema.ts");
  };
};

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test.describe("back office: each target's history and the audit log's filters", () => {
  test("an owner edits a plan, reads its history on the editor, and narrows the audit log by target, person and action", async ({
    page,
    app,
    context,
  }) => {
    const owner = await signUpStaff(app, context, "owner");
    const { db } = (app as App).testing.getDatabase();
    const { pricing } = (app as App).testing.schema;
    const [plan] = await db
      .insert(pricing)
      .values({ planId: `hist-${Date.now()}`, name: "History Plan", price: 10_000_000n, published: false })
      .returning();

    await page.goto(`/admin/plans/${plan!.id}`);
    await waitForHydration(page);
    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText("No changes recorded yet.");
    await page.getByLabel("Name").fill("History Plan Plus");
    await page.getByLabel("Monthly price").fill("15");
    await answered(page, () => page.getByRole("button", { name: "Save plan" }).click());
    await expect(toast(page, "Plan saved")).toBeVisible();
    // The page's data reloads after the save: the new row is there, with who and what changed.
    const entry = history.getByRole("listitem").first();
    await expect(entry).toContainText(owner.email);
    await expect(entry).toContainText("plan.updated");
    await expect(entry.getByRole("definition").filter({ hasText: "History Plan Plus" })).toHaveText(
      "History Plan → changed to History Plan Plus",
    );
    await expect(entry.getByRole("definition").filter({ hasText: "$15.00 USDT" })).toHaveText(
      "$10.00 USDT → changed to $15.00 USDT",
    );
    await expectAccessible(page, "the plan editor with its history");

    await history.getByRole("link", { name: "Open in the audit log" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/audit-log\\?target=plan%3A${plan!.id}$`));
    await expect(page.getByLabel("Target")).toHaveValue(`plan:${plan!.id}`);
    await expect(page.getByText("1 entry match the filters")).toBeVisible();
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText("History Plan Plus: saved");

    // Person and action together with the target; then "Clear filters" shows everything again.
    await page.getByLabel("Staff member").selectOption(owner.email);
    await page.getByLabel("Action").selectOption("plan.updated");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=plan\.updated/);
    expect(new URL(page.url()).searchParams.get("who")).toBe(owner.email);
    await expect(page.getByText("1 entry match the filters")).toBeVisible();
    await page.getByLabel("Target").fill("knowledgebase");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No entries match these filters.")).toBeVisible();
    await expect(page.getByLabel("Action")).toHaveValue("plan.updated");
    await expectAccessible(page, "the filtered audit log");
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/audit-log$/);
    await expect(page.getByLabel("Target")).toHaveValue("");
    await expect(page.getByRole("link", { name: "Clear filters" })).toHaveCount(0);

    // A row's target opens that target's entries.
    await page
      .getByRole("link", { name: `plan:${plan!.id}` })
      .first()
      .click();
    await expect(page.getByLabel("Target")).toHaveValue(`plan:${plan!.id}`);
  });

  test("an owner changes a staff member's role and reads it in that member's history on the Staff page", async ({
    page,
    app,
    context,
    browser,
  }) => {
    const owner = await signUpStaff(app, context, "owner");
    const otherContext = await browser.newContext({ baseURL: app.url });
    const colleague = await signUpStaff(app, otherContext, "editor");
    await otherContext.close();

    await page.goto("/admin/staff");
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: colleague.email });
    await row.getByLabel(`Role of ${colleague.email}`).selectOption("support");
    await answered(page, () => row.getByRole("button", { name: "Save" }).click());
    await expect(toast(page, "Staff updated")).toBeVisible();

    const toggle = page.getByRole("button", { name: `History of ${colleague.email}` });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const history = page.getByRole("region", { name: `History of ${colleague.email}` });
    const entry = history.getByRole("listitem").first();
    await expect(entry).toContainText(owner.email);
    await expect(entry).toContainText(`${colleague.email}: Editor → Support`);
    await expect(entry.getByRole("definition")).toHaveText("editor → changed to support");
    await expectAccessible(page, "the staff page with a history open");
    await page.getByRole("button", { name: `Hide history of ${colleague.email}` }).click();
    await expect(history).toHaveCount(0);
  });
});
