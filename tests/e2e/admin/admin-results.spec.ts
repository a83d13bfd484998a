import type { Page } from "@playwright/test";
import { answered } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { signUpStaff } from "../support/staff";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

/** The public page as an anonymous visitor gets it: no cookies, so the shared page cache answers. */
async function publicSpotPage(url: string) {
  const response = await fetch(`${url}/results?type=spot`);
  expect(response.status).toBe(200);
  return { html: await response.text(), cache: response.headers.get("x-page-cache") };
}

test.describe("Results in the back office", () => {
  test("an editor adds, edits, imports a CSV (its bad row shown, nothing imported), publishes, reorders and deletes, and /results shows it at once", async ({
    page,
    app,
    context,
    browser,
  }) => {
    // The public Spot tab is rendered and stored in the page cache before any change.
    expect((await publicSpotPage(app.url)).html).not.toContain("E2E Spot Month");
    const cached = await publicSpotPage(app.url);
    expect(cached.cache).toBe("HIT");
    expect(cached.html).not.toContain("E2E Imported Month");

    await signUpStaff(app, context, "editor");
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Back office sections" }).getByRole("link", { name: "Results" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results");
    const tabs = page.getByRole("navigation", { name: "Market type" }).getByRole("link");
    await expect(tabs).toHaveText([
      /^BroadcastAI/,
      /^Forex/,
      /^High Leverage Futures/,
      /^Low Leverage Futures/,
      /^Spot/,
    ]);
    await expect(tabs.filter({ hasText: "Low Leverage Futures" })).toHaveAttribute("aria-current", "page");
    await tabs.filter({ hasText: "Spot" }).click();
    await expect(tabs.filter({ hasText: "Spot" })).toHaveAttribute("aria-current", "page");
    const table = page.getByRole("table", { name: "Spot results" });
    await expect(table).toBeVisible();

    // Add: the shared schema refuses wins + losses above signals before anything is sent.
    await page.getByRole("button", { name: "New result" }).click();
    const form = page.getByRole("dialog", { name: "New result" });
    await expect(form.getByLabel("Market type")).toHaveValue("spot");
    await form.getByLabel("Title").fill("E2E Spot Month");
    await form.getByLabel("Signals").fill("10");
    await form.getByLabel("Wins").fill("8");
    await form.getByLabel("Losses").fill("4");
    await form.getByLabel("Total percentage").fill("9.5");
    await form.getByLabel("Win rate (%)").fill("66.67");
    await form.getByRole("button", { name: "Add result" }).click();
    await expect(form.getByText("Wins plus losses (12) cannot be more than signals (10).")).toBeVisible();
    await form.getByLabel("Signals").fill("14");
    await expect(form.getByText("From wins and losses: 66.67%")).toBeVisible();
    await answered(page, () => form.getByRole("button", { name: "Add result" }).click());
    await expect(toast(page, "Added “E2E Spot Month” to Spot as a draft.")).toBeVisible();
    await expect(form).toBeHidden();
    const row = table.getByRole("row").filter({ hasText: "E2E Spot Month" });
    await expect(row).toContainText("Draft");
    await expect(row).toContainText("+9.5%");

    // Edit.
    await row.getByRole("button", { name: "Edit E2E Spot Month" }).click();
    const edit = page.getByRole("dialog", { name: "Edit result" });
    await expect(edit.getByLabel("Title")).toHaveValue("E2E Spot Month");
    await edit.getByLabel("Total percentage").fill("12.25");
    await answered(page, () => edit.getByRole("button", { name: "Save result" }).click());
    await expect(toast(page, "Saved “E2E Spot Month”.")).toBeVisible();
    await expect(row).toContainText("+12.25%");

    // CSV import: one bad row is shown with its reason, and nothing can be imported.
    const header = "type,title,signals,wins,losses,total_percentage,win_rate,published";
    const good = "spot,E2E Imported Month,20,12,6,18.4,66.67,true";
    const bad = "spot,E2E Bad Month,20,12,6,18.4,75,true";
    await page.getByLabel("Or paste CSV").fill([header, good, bad].join("\n"));
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("table", { name: "CSV preview" });
    await expect(page.getByRole("status").filter({ hasText: "rows have errors" })).toHaveText(
      "1 of 2 rows have errors. Fix them and preview again: nothing is imported until every row is valid.",
    );
    const badRow = preview.getByRole("row").filter({ hasText: "E2E Bad Month" });
    await expect(badRow).toContainText(
      "win_rate: Win rate must match wins ÷ (wins + losses): 66.67% (rounded to a whole percent is fine).",
    );
    await expect(preview.getByRole("row").filter({ hasText: "E2E Imported Month" })).toContainText("OK");
    await expect(page.getByRole("button", { name: "Import", exact: true })).toBeDisabled();

    await page.getByLabel("Or paste CSV").fill([header, good].join("\n"));
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByText("1 row ready to import.")).toBeVisible();
    await answered(page, () => page.getByRole("button", { name: "Import 1 result" }).click());
    await expect(toast(page, "Imported 1 result (1 published).")).toBeVisible();
    await expect(table.getByRole("row").filter({ hasText: "E2E Imported Month" })).toContainText("Published");
    await expect(table.getByRole("row").filter({ hasText: "E2E Bad Month" })).toHaveCount(0);

    // Publish the edited row.
    await answered(page, () => row.getByRole("button", { name: "Publish E2E Spot Month" }).click());
    await expect(toast(page, "Published “E2E Spot Month” on /results.")).toBeVisible();
    await expect(row).toContainText("Published");

    // The cached public page was emptied by the content trigger: the visitor sees both rows now.
    await expect.poll(async () => (await publicSpotPage(app.url)).html).toContain("E2E Spot Month");
    expect((await publicSpotPage(app.url)).html).toContain("E2E Imported Month");
    const visitor = await browser.newContext({ baseURL: app.url });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/results?type=spot");
    const card = visitorPage.locator('[data-slot="result-card"]').filter({ hasText: "E2E Spot Month" });
    await expect(card).toContainText("+12.25%");
    await expect(card).toContainText("66.67%");
    await expect(
      visitorPage.locator('[data-slot="result-card"]').filter({ hasText: "E2E Imported Month" }),
    ).toBeVisible();
    await visitor.close();

    // Reorder within the tab, then delete after a confirmation: gone from /results too.
    const titles = table.locator("tbody tr td:nth-child(2)");
    await expect(titles.last()).toHaveText("E2E Imported Month");
    await answered(page, () => table.getByRole("button", { name: "Move E2E Imported Month up" }).click());
    await expect(toast(page, "Moved up.")).toBeVisible();
    await expect(titles.last()).toHaveText("E2E Spot Month");
    await row.getByRole("button", { name: "Delete E2E Spot Month" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this result?" });
    await answered(page, () => confirm.getByRole("button", { name: "Delete" }).click());
    await expect(toast(page, "Deleted “E2E Spot Month”.")).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect.poll(async () => (await publicSpotPage(app.url)).html).not.toContain("E2E Spot Month");
  });

  test("the list, a CSV preview with errors and the form with errors have no serious accessibility problems", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    await page.goto("/admin/results?type=forex");
    await waitForHydration(page);
    await expect(page.getByRole("table", { name: "Forex results" })).toBeVisible();
    await page
      .getByLabel("Or paste CSV")
      .fill("type,title,signals,wins,losses,total_percentage,win_rate\nforex,A11y,10,5,5,1,50\nforex,,10,5,9,x,50");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("table", { name: "CSV preview" })).toBeVisible();
    await expectAccessible(page, "results list with a CSV preview");
    await page.getByRole("button", { name: "New result" }).click();
    await page.getByRole("dialog", { name: "New result" }).getByRole("button", { name: "Add result" }).click();
    await expect(page.getByRole("dialog", { name: "New result" }).getByText("Title is required")).toBeVisible();
    await expectAccessible(page, "new result form with errors");
  });

  test("a CSV wrong as a whole (a misspelt column, an unclosed quote, a file too large) says what is wrong, and nothing can be imported", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    await page.goto("/admin/results?type=spot");
    await waitForHydration(page);
    const table = page.getByRole("table", { name: "Spot results" });
    await expect(table).toBeVisible();
    const importButton = page.getByRole("button", { name: /^Import/ });
    const expected = "type,title,signals,wins,losses,total_percentage,win_rate,published";

    // A chosen file is read and checked at once: its header names a column the import does not know.
    await page.getByLabel("CSV file").setInputFiles({
      name: "november.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        "type,titel,signals,wins,losses,total_percentage,win_rate\nspot,E2E Titel Month,20,12,6,18.4,66.67\n",
      ),
    });
    await expect(page.getByLabel("Or paste CSV")).toHaveValue(/^type,titel,/);
    await expect(page.getByRole("alert").filter({ hasText: "Unknown column" })).toHaveText(
      `Unknown column titel. Expected: ${expected} (published is optional).`,
    );
    await expect(page.getByRole("table", { name: "CSV preview" })).toHaveCount(0);
    await expect(importButton).toBeDisabled();

    // Pasted text with a quote never closed: the whole file is refused, not one of its rows.
    await page
      .getByLabel("Or paste CSV")
      .fill(`${expected}\nspot,"E2E Quote Month,20,12,6,18.4,66.67,true\nspot,E2E Next Month,20,12,6,18.4,66.67,true`);
    // Editing the text drops the file's error until the next preview.
    await expect(page.getByRole("alert").filter({ hasText: "Unknown column" })).toHaveCount(0);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "quoted value" })).toHaveText(
      "A quoted value is never closed: check the quotes in the file.",
    );
    await expect(importButton).toBeDisabled();

    // A file over the import's size is not read at all; the text already there stays as it was.
    await page.getByLabel("CSV file").setInputFiles({
      name: "everything.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`${expected}\n${"spot,E2E Big Month,20,12,6,18.4,66.67,true\n".repeat(1200)}`),
    });
    await expect(page.getByRole("alert").filter({ hasText: "too large" })).toHaveText(
      "everything.csv is too large: at most 48 KB per import.",
    );
    await expect(page.getByLabel("Or paste CSV")).toHaveValue(/E2E Quote Month/);
    await expect(importButton).toBeDisabled();

    // None of it reached the list.
    await expect(table.getByRole("row").filter({ hasText: /E2E (Titel|Quote|Next|Big) Month/ })).toHaveCount(0);
  });

  test("an admin's CSV import is one row in the audit log, with its counts", async ({ page, app, context }) => {
    const admin = await signUpStaff(app, context, "admin");
    await page.goto("/admin/results?type=high_lev_futures");
    await waitForHydration(page);
    const csv = [
      "type,title,signals,wins,losses,total_percentage,win_rate",
      "high_lev_futures,E2E Audit A,9,3,3,4,50",
      "high_lev_futures,E2E Audit B,9,6,3,7.5,66.67",
    ];
    await page.getByLabel("Or paste CSV").fill(csv.join("\n"));
    await page.getByRole("button", { name: "Preview" }).click();
    await answered(page, () => page.getByRole("button", { name: "Import 2 results" }).click());
    await expect(toast(page, "Imported 2 results (0 published).")).toBeVisible();
    await expect(
      page
        .getByRole("table", { name: "High Leverage Futures results" })
        .getByRole("row")
        .filter({ hasText: /E2E Audit [AB]/ }),
    ).toHaveCount(2);
    await page
      .getByRole("navigation", { name: "Back office sections" })
      .getByRole("link", { name: "Audit log" })
      .click();
    const entry = page
      .getByRole("row")
      .filter({ hasText: "Imported 2 results from CSV (high_lev_futures 2); 0 published, 2 draft" });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(admin.email);
    await expect(entry).toContainText("results.imported");
  });

  test("support staff get 404 at /admin/results and see no Results section", async ({ page, app, context }) => {
    await signUpStaff(app, context, "support");
    await page.goto("/admin");
    await expect(
      page.getByRole("navigation", { name: "Back office sections" }).getByRole("link", { name: "Results" }),
    ).toHaveCount(0);
    const response = await page.goto("/admin/results");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  });
});
