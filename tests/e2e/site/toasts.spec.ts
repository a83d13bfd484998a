import { newestPublishedPost } from "../support/content";
import { expect, test } from "../support/fixtures";

// The toaster: up to 3 toasts visible, each closing by itself after 4000 ms. It is
// loaded on the first toast, so pages that never show one never download it.
test("toasts: loaded on the first one, at most 3 visible at once, and they close by themselves", async ({
  page,
  app,
}) => {
  const post = await newestPublishedPost(app);
  // Neither a share sheet nor a clipboard: every press of Share ends in the failure toast at once.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    Object.defineProperty(Navigator.prototype, "clipboard", {
      configurable: true,
      get: () => ({ writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) }),
    });
  });
  const scripts: string[] = [];
  page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
  await page.goto(`/blog/${post.slug}`, { waitUntil: "networkidle" });
  const share = page.getByRole("button", { name: "Share" });
  await expect(share).toBeEnabled();
  expect(
    scripts.some((url) => /\/assets\/sonner-toaster-/.test(url)),
    "the toaster is not part of the first load",
  ).toBe(false);

  // Four presses in one go (a person tapping quickly), so that none has timed out before the last.
  await share.evaluate((button: HTMLElement) => {
    for (let i = 0; i < 4; i++) button.click();
  });
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(4);
  await expect(page.locator('[data-sonner-toast][data-visible="true"]')).toHaveCount(3);
  await expect(page.locator('[data-sonner-toast][data-visible="true"]').first()).toContainText("Unable to copy link");
  expect(scripts.some((url) => /\/assets\/sonner-toaster-/.test(url))).toBe(true);
  // 4000 ms each, one after the other as they come to the front: all gone well within 15 s.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
});

// A toast carried across a redirect (the flash_toast cookie): the server renders it as a status
// line for a browser without scripts and deletes the cookie; scripts turn it into the toast, so it
// shows once, and not again on the next page.
test("a toast left by a redirect shows once, as a toast, when scripts run", async ({ page, context, baseURL }) => {
  const flash = { title: "Password updated!" };
  await context.addCookies([{ name: "flash_toast", value: encodeURIComponent(JSON.stringify(flash)), url: baseURL! }]);
  await page.goto("/privacy-policy");
  await expect(page.locator("[data-sonner-toast]").getByText("Password updated!")).toBeVisible();
  await expect(page.getByText("Password updated!")).toHaveCount(1);
  await expect(page.locator('[data-slot="flash-message"]')).toHaveCount(0);
  expect((await context.cookies()).some((cookie) => cookie.name === "flash_toast")).toBe(false);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Contact support" })).toBeVisible();
  await expect(page.getByText("Password updated!")).toHaveCount(0);
});
