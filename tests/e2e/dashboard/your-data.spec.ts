import fs from "node:fs";
import { eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember } from "../support/member";

// A wrong password is answered 400, and the deleted account's sign-in 401, which Chromium logs.
test.use({ expectedConsoleErrors: [/status of 40[01] .*\/(api\/dashboard\/delete-account|signin)/] });

test.describe("User Info: your data", () => {
  test("downloads the member's own data as a JSON file", async ({ page, app, context }) => {
    const member = await signInNewMember(app, context, { balance: 12_500_000n });
    await openDashboard(page, "user-info");
    const card = page.getByRole("group", { name: "Your data" });
    const downloading = page.waitForEvent("download");
    await card.getByRole("link", { name: "Download my data" }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync((await file.path())!, "utf8"));
    expect(data.profile).toMatchObject({ email: member.email, firstName: "Ada", balance: "12500000" });
    expect(data.ledger).toEqual([expect.objectContaining({ amount: "12500000", kind: "adjustment" })]);
    expect(data.sessions).toHaveLength(1);
    // Still on the dashboard: the download opened no page.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("User Info");
  });

  test("deletes the account after saying what happens and asking for the password", async ({ page, app, context }) => {
    const member = await signInNewMember(app, context, { balance: 12_500_000n });
    await openDashboard(page, "user-info");
    await page.getByRole("group", { name: "Your data" }).getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account" });
    await expect(dialog).toContainText("cannot sign in again");
    await expect(dialog).toContainText("Your subscriptions end now");
    await expect(dialog).toContainText("balance of $12.50 USDT");
    await expectAccessible(page, "the delete-account dialog");

    // Nothing typed: the browser's own check; a wrong password: the server's.
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByText("Enter your password to delete your account")).toBeVisible();
    await dialog.getByLabel("Password", { exact: true }).fill("Not-my-password1");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByText("Password is incorrect.")).toBeVisible();
    const { db } = app.testing.getDatabase();
    const { user } = app.testing.schema;
    expect((await db.select().from(user).where(eq(user.id, member.userId)))[0]!.deletedAt).toBeNull();

    await dialog.getByLabel("Password", { exact: true }).fill(member.password);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(`${app.url}/`);
    await expect(page.locator("[data-sonner-toast]").getByText("Your account has been deleted")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    const [row] = await db.select().from(user).where(eq(user.id, member.userId));
    expect(row!.deletedAt).not.toBeNull();
    expect(row!.email).not.toBe(member.email);

    // The old address and password no longer sign in; the dashboard asks to sign in.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin\?redirectTo=/);
    await page.getByLabel("Email").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Invalid email or password").first()).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);
  });
});
