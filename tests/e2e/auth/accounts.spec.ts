import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { createMember, markEmailVerified, submitSignUp } from "../support/member";
import { latestMail, linkIn } from "../support/outbox";
import { firstPublishedPlan, openPricing } from "../support/pricing";

const unique = () => crypto.randomBytes(4).toString("hex");

test.describe("sign-up (/join/details)", () => {
  test("carries the plans from /pricing, enables Continue only when complete, and lands on the dashboard", async ({
    page,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { orders, profiles, user } = app.testing.schema;
    // The first card on /pricing: the page's own order. Without it the database may hand back
    // any published plan (another test's edit moves rows), and the selection names a different one.
    const plan = await firstPublishedPlan(app);
    await openPricing(page);
    await page.getByRole("tab", { name: /Quarterly/ }).click();
    await page.getByRole("button", { name: "Add to cart" }).first().click();
    await page.getByRole("button", { name: "Next Step" }).click();
    await expect(page).toHaveURL(/\/join\/details$/);
    await expect(page.getByRole("heading", { name: "Enter your details" })).toBeVisible();
    await expect(page.getByLabel("Your selection")).toContainText(plan!.name);
    await expect(page.getByLabel("Your selection")).toContainText(/Total \(per quarter\) \$\d/);
    await expect(
      page.getByText("Please ensure your Telegram username is correct or we can't provide access to our products!"),
    ).toBeVisible();
    // A link beside the Telegram field explains where a person finds their username.
    await expect(page.getByRole("link", { name: /How do I find my Telegram username\?/ })).toHaveAttribute(
      "href",
      /^https:\/\/telegram\.org\//,
    );
    await expect(page.getByLabel("Password*")).toHaveAttribute(
      "placeholder",
      "At least 8 characters with uppercase, lowercase, and number",
    );

    const go = page.getByRole("button", { name: "Continue to Pay" });
    await expect(go).toBeDisabled();
    // The disabled button says what it waits for.
    await expect(go).toHaveAccessibleDescription(
      "To continue, fill in First Name, Last Name, Email, Password and Telegram, and tick both boxes above.",
    );
    const email = `ada-${unique()}@example.com`;
    await page.getByLabel("First Name*").fill("Ada");
    await page.getByLabel("Last Name*").fill("Lovelace");
    await page.getByLabel("Email*").fill(email);
    await page.getByLabel("Password*").fill("Analytical1");
    await page.getByLabel("Telegram*").fill("@ada_lovelace");
    await expect(go).toBeDisabled();
    await expect(go).toHaveAccessibleDescription("To continue, tick both boxes above.");
    await page.getByLabel(/I accept the Terms of Service/).check();
    await expect(go).toBeDisabled();
    await expect(go).toHaveAccessibleDescription("To continue, tick the risk box.");
    await page.getByLabel(/only trade with money I can afford to lose/).check();
    await expect(go).toBeEnabled();
    await expect(go).toHaveAccessibleDescription("");

    // The cart becomes the new member's order, and the dashboard opens on it (the order holds the
    // plans now, so the browser's cart is emptied).
    await go.click();
    await expect(page).toHaveURL(/\/dashboard\?section=order$/);
    await expect(page.getByRole("list", { name: "Plans in this order" })).toContainText(plan!.name);
    const [created] = await db.select().from(user).where(eq(user.email, email));
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, created!.id));
    expect(profile).toMatchObject({ firstName: "Ada", lastName: "Lovelace", telegramUsername: "ada_lovelace" });
    expect(profile!.walletAddress).toMatch(/^T/);
    const [order] = await db.select().from(orders).where(eq(orders.userId, created!.id));
    expect(order).toMatchObject({ status: "pending", planIds: [plan!.id], billingPeriod: "quarterly" });
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("cart"))).toBeNull();
  });

  test("refuses a duplicate email (with a way to sign in) and a weak password, each once, beside the form", async ({
    page,
    app,
  }) => {
    const email = `dup-${unique()}@example.com`;
    await createMember(app, email);
    await page.goto("/join/details");
    const fill = (address: string, password: string) =>
      submitSignUp(page, {
        firstName: "Dup",
        lastName: "Licate",
        email: address,
        password,
        telegram: "duplicate_user",
      });
    page.removeAllListeners("console"); // the 4xx answers are logged by the browser
    await fill(email.toUpperCase(), "Analytical1");
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Sign up failed");
    await expect(alert).toContainText("An account with this email already exists. Please sign in instead.");
    await expect(alert.getByRole("link", { name: "Sign in to your account" })).toHaveAttribute("href", "/signin");
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expectAccessible(page, "sign-up with a refusal");
    await fill(`weak-${unique()}@example.com`, "weakpassword");
    await expect(page.getByRole("alert")).toHaveText("Password must contain at least one uppercase letter");
    await expect(page.getByText("Sign up failed")).toHaveCount(0);
    await expect(page).toHaveURL(/\/join\/details$/);
  });
});

test.describe("sign in", () => {
  test("wrong password, show/hide, then welcome and the redirect target", async ({ page, app }) => {
    const email = `grace-${unique()}@example.com`;
    await createMember(app, email);
    await page.goto("/signin?redirectTo=%2Fdashboard%3Fsection%3Dbilling");
    await expect(page.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveAttribute("href", "/pricing");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong12345");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    page.removeAllListeners("console");
    await page.getByRole("button", { name: "Continue" }).click();
    // Once, beside the form, announced: no toast in a corner repeats it.
    await expect(page.getByRole("alert")).toHaveText(/Sign in failed\s*Invalid email or password/);
    await expect(page.getByText("Invalid email or password")).toHaveCount(1);
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(/Invalid email or password/);
    await expectAccessible(page, "sign-in with a refusal");

    await page.getByLabel("Password", { exact: true }).fill("Analytical1");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=billing$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByText("You've successfully signed in.")).toBeVisible();
  });

  test("never follows a redirect target off the site", async ({ page, app }) => {
    const email = `safe-${unique()}@example.com`;
    await createMember(app, email);
    await page.goto("/signin?redirectTo=https%3A%2F%2Fevil.example%2F");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Analytical1");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("forgot and reset password", () => {
  test("the whole reset by email, single use", async ({ page, app }) => {
    const email = `reset-${unique()}@example.com`;
    const { userId } = await createMember(app, email);
    // A reset link goes only to a verified address.
    await markEmailVerified(app, userId);
    await page.goto("/signin");
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page.getByText("Check your spam or junk folder", { exact: false })).toBeVisible();
    await expect(page.getByText("The link expires in 1 hour", { exact: false })).toBeVisible();

    page.removeAllListeners("console");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Invalid email\s*Please enter a valid email address/);

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(
      page.getByText("We've sent you a password reset link. Please check your inbox.").first(),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Sign In" })).toBeVisible();
    await page.getByRole("button", { name: "Send Another Link" }).click();
    await expect(page.getByRole("button", { name: "Send Reset Link" })).toBeVisible();

    const mail = latestMail(app.dataDir, email)!;
    expect(mail).toContain("expires in 1 hour");
    const link = linkIn(mail, "/reset-password?token=")!;
    expect(link).toBeTruthy();

    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText("At least 8 characters with uppercase, lowercase, and number")).toBeVisible();
    await page.getByLabel("New password").fill("Newpassword1");
    await page.getByLabel("Confirm password").fill("Different1");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /Passwords don't match\s*Please make sure both passwords are the same\./,
    );
    await expect(page.getByLabel("Confirm password")).toHaveAccessibleDescription(/Passwords don't match/);
    await page.getByLabel("New password").fill("weakpass");
    await page.getByLabel("Confirm password").fill("weakpass");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      /Weak password\s*Password must contain at least one uppercase letter/,
    );
    await page.getByLabel("New password").fill("Newpassword1");
    await page.getByLabel("Confirm password").fill("Newpassword1");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByText("Password updated!")).toBeVisible();

    // The link works once.
    // A used link lands where a new one is asked for, saying so once (no toast repeats it).
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page).toHaveURL(/\/forgot-password\?link=expired$/);
    await expect(page.getByRole("alert")).toHaveText(
      /Invalid or expired link\s*Please request a new password reset link\./,
    );
    await expect(page.getByText("Invalid or expired link")).toHaveCount(1);

    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Newpassword1");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an unknown address gets the same answer and no mail", async ({ page, app }) => {
    const email = `ghost-${unique()}@example.com`;
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(
      page.getByText("We've sent you a password reset link. Please check your inbox.").first(),
    ).toBeVisible();
    expect(latestMail(app.dataDir, email)).toBeNull();
  });
});
