import { expect, test } from "../support/fixtures";
import { holdScripts, isHydrated, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";
import { signUpStaff } from "../support/staff";

// The back office while its scripts arrive two seconds late: what staff type and tap in that time
// is acted on once the scripts have run (app/lib/early-input.ts), never lost.
test.use({ hasTouch: true });

test("typing into the search before the scripts shows its results once they run", async ({ page, context, app }) => {
  const staff = await signUpStaff(app, context, "owner");
  await holdScripts(page);
  await openBeforeScripts(page, "/admin");
  const search = page.getByRole("combobox", { name: "Search members and posts" });
  expect(await isHydrated(search)).toBe(false);
  await search.tap();
  await search.pressSequentially(staff.email);
  await expect(page.getByRole("listbox", { name: "Search results" }).getByRole("option").first()).toContainText(
    staff.email,
  );
  await expect(search).toHaveValue(staff.email);
});

test("Enter in the search before the scripts opens the results page", async ({ page, context, app }) => {
  const staff = await signUpStaff(app, context, "owner");
  await holdScripts(page);
  await openBeforeScripts(page, "/admin");
  const search = page.getByRole("combobox", { name: "Search members and posts" });
  expect(await isHydrated(search)).toBe(false);
  await search.fill(staff.email);
  await search.press("Enter");
  await expect(page).toHaveURL(`/admin/search?q=${encodeURIComponent(staff.email)}`);
});

test("staff controls each answer one early tap", async ({ page, context, app }) => {
  test.setTimeout(180_000);
  const staff = await signUpStaff(app, context, "owner");
  await holdScripts(page);
  const cases: { path: string; act: () => Promise<void>; answer: () => Promise<void> }[] = [
    {
      path: "/admin/results",
      act: () => tapBeforeScripts(page.getByRole("button", { name: "New result" })),
      answer: () => expect(page.getByRole("dialog", { name: "New result" })).toBeVisible(),
    },
    {
      path: "/admin/knowledgebase",
      act: () => tapBeforeScripts(page.getByRole("button", { name: "Delete “How to read a signal”" })),
      answer: () => expect(page.getByRole("dialog", { name: "Delete this article?" })).toBeVisible(),
    },
    {
      path: "/admin/staff",
      act: () => tapBeforeScripts(page.getByRole("button", { name: `History of ${staff.email}` })),
      answer: () => expect(page.getByRole("heading", { name: `History of ${staff.email}` })).toBeVisible(),
    },
    {
      path: "/admin/money/reconciliation",
      act: () => tapBeforeScripts(page.getByRole("button", { name: "Run now" })),
      answer: () => expect(page.getByText(/^Last check: /)).toBeVisible(),
    },
    {
      // A form only React submits: the field's value and the Enter are both kept.
      path: "/admin/money/deposits",
      act: async () => {
        const field = page.getByLabel("Block number or date and time (UTC)");
        expect(await isHydrated(field)).toBe(false);
        await field.fill("66123456");
        await field.press("Enter");
      },
      answer: () => expect(page.getByRole("dialog", { name: "Rescan deposits?" })).toContainText("block 66,123,456"),
    },
  ];
  for (const { path, act, answer } of cases) {
    await test.step(path, async () => {
      await openBeforeScripts(page, path);
      await act();
      await answer();
    });
  }
});
