import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { answered } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { signInNewMember, waitForHydration } from "../support/member";
import { latestMail, linkIn } from "../support/outbox";
import { signUpStaff } from "../support/staff";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });
const nav = (page: Page) => page.getByRole("navigation", { name: "Back office sections" });

/** A public page's form is React's (its checks run in the browser) once React has attached its props. */
async function formHydrated(page: Page) {
  await page.waitForFunction(() => {
    const form = document.querySelector("main form");
    return form !== null && Object.keys(form).some((key) => key.startsWith("__reactProps"));
  });
}

/** The path of the invitation link in the newest email to `to` (the page is reached on this test server). */
function invitationPath(app: unknown, to: string) {
  const mail = latestMail((app as { dataDir: string }).dataDir, to);
  const link = mail ? linkIn(mail, "/staff-invitation?token=") : null;
  if (!link) throw new Error(`no invitation email to ${to}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

test.describe("staff invitations", () => {
  test("an owner invites a new person; they open the emailed link, choose a password, turn on two-factor and reach /admin with an editor's sections", async ({
    page,
    app,
    context,
    browser,
  }) => {
    // Two people, two accessibility scans, a sign-up and a two-factor set-up: about 30 s on a quiet
    // machine, past the 60 s default on a loaded one. Every step waits for what the page does.
    test.slow();
    await signUpStaff(app, context, "owner");
    const email = `new-editor-${Date.now()}@example.com`;
    await page.goto("/admin/staff");
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("editor");
    await answered(page, () => page.getByRole("button", { name: "Send invitation" }).click());
    await expect(toast(page, "Invitation sent")).toBeVisible();
    const pending = page
      .getByRole("region", { name: "Pending invitations" })
      .getByRole("row")
      .filter({ hasText: email });
    await expect(pending).toContainText("Editor");
    await expectAccessible(page, "the staff page with a pending invitation");

    // The invitee, in their own browser, from the email.
    const inviteeContext = await browser.newContext({ baseURL: (app as { url: string }).url });
    const invitee = await inviteeContext.newPage();
    await invitee.goto(invitationPath(app, email));
    await formHydrated(invitee);
    await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Join the back office");
    await expect(invitee.getByText(`invites ${email} to the back office as Editor`)).toBeVisible();
    await expect(invitee.getByLabel("Email")).toHaveValue(email);
    await invitee.getByLabel("First name").fill("Nia");
    await invitee.getByLabel("Last name").fill("Editor");
    // The sign-up password rules, before anything is sent.
    await invitee.getByLabel("Password", { exact: true }).fill("weakpass");
    await invitee.getByLabel("Confirm password").fill("weakpass");
    await invitee.getByRole("button", { name: "Open my staff account" }).click();
    await expect(invitee.getByText("Password must contain at least one uppercase letter")).toBeVisible();
    await expectAccessible(invitee, "the invitation page with an error");
    const password = "Analytical1";
    await invitee.getByLabel("Password", { exact: true }).fill(password);
    await invitee.getByLabel("Confirm password").fill(password);
    await invitee.getByRole("button", { name: "Open my staff account" }).click();

    // Signed in, and sent to turn on two-factor sign-in first.
    await expect(invitee).toHaveURL(/\/dashboard\?section=user-info$/);
    await expect(toast(invitee, "Welcome aboard, Editor")).toBeVisible();
    await waitForHydration(invitee);
    const card = invitee.getByRole("group", { name: /Two-factor authentication/ });
    await card.getByRole("button", { name: "Turn on" }).click();
    const dialog = invitee.getByRole("dialog");
    await dialog.getByLabel("Password", { exact: true }).fill(password);
    await dialog.getByRole("button", { name: "Continue" }).click();
    const secret = (await dialog.getByTestId("two-factor-secret").textContent())!.trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    await dialog.getByLabel("Code from the app").fill(totp.generate());
    await dialog.getByRole("button", { name: "Turn on" }).click();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(card.getByText("On", { exact: true })).toBeVisible();

    await invitee.goto("/admin");
    await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Overview");
    await expect(nav(invitee).getByRole("link", { name: "Plans" })).toBeVisible();
    await expect(nav(invitee).getByRole("link", { name: "Staff" })).toHaveCount(0);
    await expect(nav(invitee).getByRole("link", { name: "Audit log" })).toHaveCount(0);
    expect((await invitee.goto("/admin/staff"))!.status()).toBe(404);

    // The link worked once.
    await invitee.goto(invitationPath(app, email));
    await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Invitation not valid");
    await expect(invitee.getByText("This invitation has already been used.")).toBeVisible();
    await inviteeContext.close();

    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: email }).getByLabel(`Role of ${email}`)).toHaveValue("editor");
    await expect(page.getByRole("region", { name: "Pending invitations" })).toHaveCount(0);
  });

  test("an owner resends and revokes an invitation; the revoked link says so", async ({
    page,
    app,
    context,
    browser,
  }) => {
    await signUpStaff(app, context, "owner");
    const email = `maybe-${Date.now()}@example.com`;
    await page.goto("/admin/staff");
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("support");
    await answered(page, () => page.getByRole("button", { name: "Send invitation" }).click());
    await expect(toast(page, "Invitation sent")).toBeVisible();
    const first = invitationPath(app, email);

    await answered(page, () => page.getByRole("button", { name: `Resend the invitation of ${email}` }).click());
    await expect(toast(page, "Invitation sent again")).toBeVisible();
    const second = invitationPath(app, email);
    expect(second).not.toBe(first);

    await page.getByRole("button", { name: `Revoke the invitation of ${email}` }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this invitation?" });
    await expect(dialog).toContainText(email);
    await answered(page, () => dialog.getByRole("button", { name: "Revoke invitation" }).click());
    await expect(toast(page, "Invitation revoked")).toBeVisible();
    await expect(page.getByRole("region", { name: "Pending invitations" })).toHaveCount(0);

    const visitor = await (await browser.newContext({ baseURL: (app as { url: string }).url })).newPage();
    await visitor.goto(second);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Invitation not valid");
    await expect(visitor.getByText("This invitation was withdrawn.")).toBeVisible();
    await visitor.goto(first);
    await expect(visitor.getByText("This invitation link is not valid.")).toBeVisible();
    await expectAccessible(visitor, "a dead invitation link");
  });

  test("an existing member signs in from the link, accepts, signs in again and is sent to turn on two-factor", async ({
    page,
    app,
    context,
    browser,
  }) => {
    await signUpStaff(app, context, "owner");
    // A member of the site, signed out in the browser where they read their email.
    const memberContext = await browser.newContext({ baseURL: (app as { url: string }).url });
    const member = await signInNewMember(app, memberContext);
    await memberContext.clearCookies();

    await page.goto("/admin/staff");
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(member.email);
    await page.getByLabel("Role", { exact: true }).selectOption("support");
    await answered(page, () => page.getByRole("button", { name: "Send invitation" }).click());
    await expect(toast(page, "Invitation sent")).toBeVisible();

    const invitee = await memberContext.newPage();
    await invitee.goto(invitationPath(app, member.email));
    await expect(invitee.getByText(`An account with ${member.email} exists.`)).toBeVisible();
    await invitee.getByRole("link", { name: "Sign in to accept" }).click();
    await invitee.getByLabel("Email").fill(member.email);
    await invitee.getByLabel("Password", { exact: true }).fill(member.password);
    await invitee.getByRole("button", { name: "Continue" }).click();
    await expect(invitee).toHaveURL(/\/staff-invitation\?token=/);
    await invitee.getByRole("button", { name: "Accept the invitation" }).click();

    await expect(invitee).toHaveURL(/\/signin\?redirectTo=%2Fadmin$/);
    await expect(toast(invitee, "You are now Support")).toBeVisible();
    await invitee.getByLabel("Email").fill(member.email);
    await invitee.getByLabel("Password", { exact: true }).fill(member.password);
    await invitee.getByRole("button", { name: "Continue" }).click();
    await expect(invitee).toHaveURL(/\/dashboard\?section=user-info$/);
    await expect(toast(invitee, "Two-factor sign-in required")).toBeVisible();
    await memberContext.close();
  });
});
