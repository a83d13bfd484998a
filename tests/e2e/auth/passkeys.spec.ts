import type { CDPSession, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember } from "../support/member";
import { cartItems, openPricing, plansFromDb, card as pricingCard } from "../support/pricing";

/*
 * Passkeys in a real browser: Chromium's virtual authenticator (the WebAuthn domain
 * of the DevTools protocol) stands in for a phone or a laptop's fingerprint reader. Enrol from
 * User Info → Security, sign out, sign in with the passkey, rename it, remove it, and see the
 * removed passkey refused.
 */

// Chromium takes no IP address as a WebAuthn relying party: this spec's server is http://localhost:<port>.
test.use({ publicHost: "localhost" });

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * /signin, then "Sign in with a passkey". Conditional UI's request would otherwise be answered
 * first (the virtual authenticator accepts at once), so its options request is held unanswered:
 * only the button's request reaches the authenticator.
 */
async function passkeyButtonSignIn(page: Page, path = "/signin") {
  let held = false;
  await page.route("**/api/signin/passkey/options", async (route) => {
    if (held) return route.continue();
    held = true; // left pending: the conditional request never starts
  });
  await page.goto(path);
  await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username webauthn");
  await expect.poll(() => held).toBe(true);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
}

test("a member adds a passkey, signs in with it, renames and removes it", async ({ page, app, context }) => {
  const member = await signInNewMember(app, context);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const { db } = app.testing.getDatabase();
  const { passkey } = app.testing.schema;

  await openDashboard(page, "user-info");
  const card = page.getByRole("group", { name: "Passkeys" });
  await expect(card.getByText("You have no passkeys yet.")).toBeVisible();

  // Enrol, leaving the name blank: named after the authenticator (an unknown one: "Passkey").
  await card.getByRole("button", { name: "Add a passkey" }).click();
  const addDialog = page.getByRole("dialog", { name: "Add a passkey" });
  await addDialog.getByRole("button", { name: "Create passkey" }).click();
  await expect(page.getByText("Passkey added", { exact: true })).toBeVisible();
  await expect(addDialog).toBeHidden();
  const list = card.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem").first()).toContainText("Passkey");
  await expect(list.getByRole("listitem").first()).toContainText(/Added \w{3} \d{1,2}, \d{4}/);

  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  const rows = await db.select().from(passkey).where(eq(passkey.userId, member.userId));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.credentialID).toBe(
    credentials[0]!.credentialId.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
  );
  expect(credentials[0]!.rpId).toBe(new URL(app.url).hostname);

  // Sign out, then back in with the passkey alone (no email, no password, no second factor):
  // first by conditional UI, the browser offering the passkey in the email field's autofill,
  // which the virtual authenticator (automatic presence) accepts as soon as it is asked.
  const optionsRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/signin/passkey/options") optionsRequests.push(request.url());
  });
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(new URL("/", app.url).href);
  await page.goto("/signin?redirectTo=%2Fdashboard%3Fsection%3Duser-info");
  await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(card.getByRole("list", { name: "Your passkeys" }).getByRole("listitem")).toHaveCount(1);
  expect(optionsRequests).toHaveLength(1);
  const { credentials: used } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(used[0]!.signCount).toBeGreaterThan(0);

  // Then with the button, a plan picked on /pricing first: it joins the account's kept cart at the
  // sign-in itself, before any page with a cart opens (User Info has none).
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(new URL("/", app.url).href);
  const [picked] = (await plansFromDb(app)).filter((plan) => plan.published);
  await openPricing(page);
  await pricingCard(page, picked!.name).getByRole("button", { name: "Add to cart" }).click();
  await expect(cartItems(page)).toHaveText([new RegExp(picked!.name)]);
  await passkeyButtonSignIn(page, "/signin?redirectTo=%2Fdashboard%3Fsection%3Duser-info");
  await expect(page).toHaveURL(/\/dashboard\?section=user-info$/);
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  const { memberCarts } = app.testing.schema;
  const [kept] = await db.select().from(memberCarts).where(eq(memberCarts.userId, member.userId));
  expect(kept?.planIds).toEqual([picked!.id]);
  await openDashboard(page, "user-info");

  // Rename.
  await card.getByRole("button", { name: "Rename passkey Passkey" }).click();
  const renameDialog = page.getByRole("dialog", { name: "Rename passkey" });
  await renameDialog.getByLabel("Name").fill("Work laptop");
  await renameDialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Passkey renamed")).toBeVisible();
  await expect(list.getByRole("listitem").first()).toContainText("Work laptop");
  expect((await db.select().from(passkey).where(eq(passkey.userId, member.userId)))[0]!.name).toBe("Work laptop");
  // As a person would, wait for the rename dialog to finish closing. On a loaded machine its
  // closing can still take the next dialog with it (a "focus outside" as its focus scope
  // unmounts); a person whose dialog vanished opens it again, and so does this test.
  await expect(renameDialog).toBeHidden();

  // Remove.
  const removeDialog = page.getByRole("dialog", { name: "Remove passkey?" });
  await expect(async () => {
    if (!(await removeDialog.isVisible()))
      await card.getByRole("button", { name: "Remove passkey Work laptop" }).click();
    await expect(removeDialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await removeDialog.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Passkey removed")).toBeVisible();
  await expect(card.getByText("You have no passkeys yet.")).toBeVisible();
  expect(await db.select().from(passkey).where(eq(passkey.userId, member.userId))).toHaveLength(0);

  // The authenticator still holds the credential, but the site no longer knows it.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(new URL("/", app.url).href);
  page.removeAllListeners("console"); // the refusal's 401 is logged by the browser
  await passkeyButtonSignIn(page);
  await expect(
    page.getByText("Your passkey could not be verified. Try again or sign in with your email and password."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});
