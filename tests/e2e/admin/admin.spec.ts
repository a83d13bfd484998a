import type { Page } from "@playwright/test";
import { answered } from "../support/answered";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { latestMail, linkIn } from "../support/outbox";
import { signUpStaff } from "../support/staff";

const nav = (page: Page) => page.getByRole("navigation", { name: "Back office sections" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test.describe("back office", () => {
  test("an owner sees every built section, invites an existing account, and finds it in the audit log", async ({
    page,
    app,
    context,
    browser,
  }) => {
    const owner = await signUpStaff(app, context, "owner");
    const response = await page.goto("/admin");
    expect(response!.status()).toBe(200);
    expect(response!.headers()["cache-control"]).toBe("no-store");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Overview");
    await expect(nav(page).getByRole("link")).toHaveText([
      "Overview",
      "Members",
      "Inbox",
      "Posts",
      "Plans",
      "Results",
      "Knowledgebase",
      "Money",
      "Coupons",
      "Referrals",
      "Newsletter",
      "Broadcasts",
      "Staff",
      "Audit log",
    ]);
    await expect(page.getByRole("group", { name: "Active members" })).toBeVisible();
    await expect(page.getByRole("group", { name: "MRR" })).toContainText("USDT");
    await expect(page.getByRole("banner")).toContainText(owner.email);
    await expect(page.getByRole("banner")).toContainText("Owner");

    // The person to promote has an account with a verified address, in another browser.
    const otherContext = await browser.newContext({ baseURL: app.url });
    const editor = await signUpStaff(app, otherContext, null);

    await nav(page).getByRole("link", { name: "Staff" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Staff");
    // Owners invite by email; an existing account is promoted once its owner accepts.
    await page.getByLabel("Email", { exact: true }).fill(editor.email);
    await page.getByLabel("Role", { exact: true }).selectOption("editor");
    await answered(page, () => page.getByRole("button", { name: "Send invitation" }).click());
    await expect(toast(page, "Invitation sent")).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Pending invitations" }).getByRole("row").filter({ hasText: editor.email }),
    ).toContainText("Editor");

    const mail = latestMail((app as { dataDir: string }).dataDir, editor.email)!;
    const link = new URL(linkIn(mail, "/staff-invitation?token=")!);
    const editorPage = await otherContext.newPage();
    await editorPage.goto(link.pathname + link.search);
    await expect(editorPage.getByRole("heading", { level: 1 })).toHaveText("Join the back office");
    await editorPage.getByRole("button", { name: "Accept the invitation" }).click();
    // The role change ended the editor's sessions: they sign in again and see only what an editor may use.
    await expect(editorPage).toHaveURL(/\/signin\?redirectTo=%2Fadmin$/);

    await page.reload();
    const row = page.getByRole("row").filter({ hasText: editor.email });
    await expect(row.getByLabel(`Role of ${editor.email}`)).toHaveValue("editor");
    await expect(page.getByRole("region", { name: "Pending invitations" })).toHaveCount(0);

    await nav(page).getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");
    await expect(page.getByRole("row").filter({ hasText: `${editor.email} invited as Editor` })).toContainText(
      owner.email,
    );
    const entry = page.getByRole("row").filter({ hasText: `${editor.email}: no role → Editor` });
    await expect(entry).toContainText("invitee");
    await expect(entry).toContainText("staff.role_set");
    await otherContext.close();
  });

  test("an editor sees only the Overview and the content sections; Staff and Audit log answer 404", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    await page.goto("/admin");
    await expect(nav(page).getByRole("link")).toHaveText([
      "Overview",
      "Posts",
      "Plans",
      "Results",
      "Knowledgebase",
      "Newsletter",
    ]);
    await expect(page.getByRole("group", { name: "Published posts" })).toBeVisible();
    await expect(page.getByRole("group", { name: "MRR" })).toHaveCount(0);
    for (const path of ["/admin/staff", "/admin/audit-log"]) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
      await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    }
  });

  test("a visitor gets the sign-in page, a member 404 without a trace of the back office", async ({
    page,
    app,
    context,
  }) => {
    const visitor = await page.goto("/admin/staff");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fadmin%2Fstaff$/);
    expect(visitor!.status()).toBe(200);

    await signUpStaff(app, context, null);
    const member = await page.goto("/admin");
    expect(member!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Back office sections" })).toHaveCount(0);
  });

  test("staff without two-factor sign-in are sent to turn it on first", async ({ page, app, context }) => {
    await signUpStaff(app, context, "owner", { twoFactor: false });
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);
    await expect(toast(page, "Two-factor sign-in required")).toBeVisible();
  });

  test("on a phone the sections open from the menu button", async ({ page, app, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpStaff(app, context, "owner");
    await page.goto("/admin");
    await waitForHydration(page);
    await expect(nav(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Toggle sidebar", exact: true }).click();
    await nav(page).getByRole("link", { name: "Audit log" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Audit log");
  });
});
