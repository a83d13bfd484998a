import type { Page } from "@playwright/test";
import { desc, eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";

async function openContact(page: Page) {
  await page.getByRole("button", { name: "Contact support" }).click();
  const dialog = page.getByRole("dialog", { name: "Contact support" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("contact form", () => {
  test("the support button sits at the bottom left of every page", async ({ page }) => {
    for (const path of ["/", "/privacy-policy", "/missing-page"]) {
      await page.goto(path);
      const box = await page.getByRole("button", { name: "Contact support" }).boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.x).toBeLessThan(60);
      expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 60);
    }
  });

  test("shows every validation message and sends nothing", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const before = await db.select().from(app.testing.schema.contactSubmissions);
    await page.goto("/");
    const dialog = await openContact(page);
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Invalid email address")).toBeVisible();
    await expect(dialog.getByText("Message is required")).toBeVisible();

    await dialog.getByLabel("Name").fill("n".repeat(101));
    await dialog.getByLabel("Email").fill(`${"e".repeat(250)}@example.com`);
    await dialog.getByLabel("Telegram (optional)").fill("t".repeat(101));
    await dialog.getByLabel("Message").fill("m".repeat(2001));
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(dialog.getByText("Name must be less than 100 characters")).toBeVisible();
    await expect(dialog.getByText("Email must be less than 255 characters")).toBeVisible();
    await expect(dialog.getByText("Telegram must be less than 100 characters")).toBeVisible();
    await expect(dialog.getByText("Message must be less than 2000 characters")).toBeVisible();

    // Whitespace only counts as empty.
    await dialog.getByLabel("Name").fill("   ");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    expect(await db.select().from(app.testing.schema.contactSubmissions)).toHaveLength(before.length);
  });

  test("sends, shows Sending..., stores the trimmed row, resets and closes", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { contactSubmissions } = app.testing.schema;
    await page.goto("/privacy-policy");
    const dialog = await openContact(page);
    await dialog.getByLabel("Name").fill("  Grace Hopper ");
    await dialog.getByLabel("Email").fill("grace@example.com ");
    await dialog.getByLabel("Telegram (optional)").fill("@gracehopper");
    await dialog.getByLabel("Message").fill("  How do I renew my quarterly plan?  ");

    // Hold the request so the busy state can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Send message" }).click();
    const busy = dialog.getByRole("button", { name: "Sending..." });
    await expect(busy).toBeDisabled();
    release();

    await expect(page.getByText("Message Sent!")).toBeVisible();
    await expect(
      page.getByText("Thank you for contacting us. We'll get back to you as soon as possible."),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    const [row] = await db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "grace@example.com"))
      .orderBy(desc(contactSubmissions.id));
    expect(row).toMatchObject({
      name: "Grace Hopper",
      email: "grace@example.com",
      telegram: "@gracehopper",
      message: "How do I renew my quarterly plan?",
    });

    // The form was reset; without "remember me" nothing is prefilled.
    const again = await openContact(page);
    await expect(again.getByLabel("Name")).toHaveValue("");
    await expect(again.getByLabel("Message")).toHaveValue("");
  });

  test("remember me prefills name and email next time on this browser", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { contactSubmissions } = app.testing.schema;
    await page.goto("/");
    const dialog = await openContact(page);
    await dialog.getByLabel("Name").fill("Linus");
    await dialog.getByLabel("Email").fill("linus@example.com");
    await dialog.getByLabel("Message").fill("Hello there");
    await dialog.getByLabel("This is a private computer, remember me").check();
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Message Sent!")).toBeVisible();
    const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.email, "linus@example.com"));
    expect(row!.telegram).toBeNull();

    await page.reload();
    const next = await openContact(page);
    await expect(next.getByLabel("Name")).toHaveValue("Linus");
    await expect(next.getByLabel("Email")).toHaveValue("linus@example.com");
    await expect(next.getByLabel("Message")).toHaveValue("");
    await expect(next.getByLabel("This is a private computer, remember me")).toBeChecked();
  });

  test("a failed send shows the failure toast and keeps the text", async ({ page }) => {
    await page.goto("/");
    const dialog = await openContact(page);
    await dialog.getByLabel("Name").fill("Ada");
    await dialog.getByLabel("Email").fill("ada@example.com");
    await dialog.getByLabel("Message").fill("Will this arrive?");
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    // The aborted request is logged by the browser as a console error: expected here only.
    page.removeAllListeners("console");
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Failed to send message. Please try again.")).toBeVisible();
    await expect(page.getByText("Error", { exact: true })).toBeVisible();
    await expect(dialog.getByLabel("Message")).toHaveValue("Will this arrive?");
    await expect(dialog.getByRole("button", { name: "Send message" })).toBeEnabled();
  });

  test("too many messages from one address get a clear answer", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { rateLimits, contactSubmissions } = app.testing.schema;
    // Spend this client's allowance for the hour, as a burst of earlier messages would.
    await db
      .insert(rateLimits)
      .values({ key: "contact:ip:127.0.0.1", count: 100, resetAt: new Date(Date.now() + 30 * 60_000) })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: 100, resetAt: new Date(Date.now() + 30 * 60_000) } });
    const before = (await db.select().from(contactSubmissions)).length;
    await page.goto("/");
    const dialog = await openContact(page);
    await dialog.getByLabel("Name").fill("Spammer");
    await dialog.getByLabel("Email").fill("spam@example.com");
    await dialog.getByLabel("Message").fill("Buy now");
    page.removeAllListeners("console"); // the 429 response is logged by the browser
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText(/Too many requests\. Please try again in \d+ minutes?\./)).toBeVisible();
    expect((await db.select().from(contactSubmissions)).length).toBe(before);
    await db.delete(rateLimits);
  });
});

test.describe("the contact page", () => {
  test("its own form answers in the page, without a toast; the support button there still opens the dialog", async ({
    page,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { contactSubmissions } = app.testing.schema;
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Contact support" })).toBeVisible();
    // Hydrated: the support button has become the dialog's button.
    await expect(page.getByRole("button", { name: "Contact support" })).toBeVisible();
    await expectAccessible(page, "the contact page");

    const form = main.getByRole("form", { name: "Contact form" });
    page.removeAllListeners("console"); // the refusal's 400 is logged by the browser
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
    await expect(form.getByText("Message is required")).toBeVisible();

    await form.getByLabel("Name").fill("Page Person");
    await form.getByLabel("Email").fill("page-person@example.com");
    await form.getByLabel("Message").fill("Sent from the page");
    await form.getByRole("button", { name: "Send message" }).click();
    const sent = main.getByRole("status");
    await expect(sent).toContainText("Message Sent!");
    await expect(sent).toContainText("Thank you for contacting us. We'll get back to you as soon as possible.");
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(page).toHaveURL(/\/contact\?sent=1$/); // a reload there posts nothing again
    const rows = await db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "page-person@example.com"));
    expect(rows).toHaveLength(1);

    await sent.getByRole("link", { name: "Send another message" }).click();
    await expect(form.getByLabel("Name")).toHaveValue("");
    const dialog = await openContact(page);
    await expect(dialog.getByLabel("Name")).toBeVisible();
  });
});
