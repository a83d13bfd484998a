import { expect, test } from "../support/fixtures";
import { holdScripts, isHydrated, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";

// A phone on a slow network: every script arrives two seconds late, and each control is tapped
// once in that time. It works as plain HTML, or it keeps the tap and acts on it once the scripts
// have run (app/lib/early-input.ts): never a second tap.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test.beforeEach(({ page }) => holdScripts(page));

test("the menu opens as plain HTML, and its links lead on", async ({ page }) => {
  await openBeforeScripts(page, "/");
  const button = page.getByRole("button", { name: "Open menu" });
  await tapBeforeScripts(button);
  const menu = page.getByRole("dialog", { name: "NovaSignals" });
  await expect(menu.getByRole("link")).toHaveText([
    "Home",
    "Signals",
    "Indicator",
    "Pricing",
    "Results",
    "Blog",
    "Sign in",
  ]);
  expect(await isHydrated(button), "open without the scripts").toBe(false);
  await menu.getByRole("link", { name: "Pricing" }).tap();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("dialog", { name: "NovaSignals" })).toBeHidden();
});

test("the home page's plan tabs and carousel, lower down, answer their one tap", async ({ page }) => {
  await openBeforeScripts(page, "/");
  const lifetime = page.getByRole("tablist", { name: "Billing period" }).getByRole("tab", { name: "Lifetime" });
  await lifetime.scrollIntoViewIfNeeded();
  await tapBeforeScripts(lifetime);
  await expect(lifetime).toHaveAttribute("aria-selected", "true");

  await page.reload({ waitUntil: "domcontentloaded" });
  const carousel = page.getByRole("region", { name: "Benefits", exact: true });
  await carousel.scrollIntoViewIfNeeded();
  await tapBeforeScripts(page.getByRole("button", { name: "Next slide" }));
  await expect(page.getByText("Slide 2 of 4")).toBeAttached();
});

test("Show password while signing in, with what was typed before the scripts kept", async ({ page }) => {
  await openBeforeScripts(page, "/signin");
  await page.getByLabel("Email").fill("ada@example.com");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("Analytical1");
  const show = page.getByRole("button", { name: "Show password" });
  await tapBeforeScripts(show);
  await expect(show).toHaveAttribute("aria-busy", "true");
  await expect(page.getByRole("button", { name: "Hide password" })).toBeVisible();
  await expect(password).toHaveAttribute("type", "text");
  await expect(password).toHaveValue("Analytical1");
  await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
});

test("Share on an article copies its link", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openBeforeScripts(page, "/blog/depositing-usdt-on-trc20");
  await tapBeforeScripts(page.getByRole("button", { name: "Share" }));
  await expect(page.getByText("Link copied!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});
