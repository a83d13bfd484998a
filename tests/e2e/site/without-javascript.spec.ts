import { desc, eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";

/*
 * The site's forms and messages with scripts off (or not loaded yet): the support button is a
 * link to the contact form's own page, which posts as a plain form and answers in the page the
 * server renders, in the support dialog's words.
 */
test.use({
  javaScriptEnabled: false,
  // A refused form is answered with its page and the refusal's status (400, 429), which the
  // browser logs; that is the answer these tests ask for.
  expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 4\d\d/],
});

test.describe("contact", () => {
  test("the support button and the footer lead to the contact page", async ({ page }) => {
    await page.goto("/privacy-policy");
    const support = page.getByRole("link", { name: "Contact support" });
    await expect(support).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true })).toHaveAttribute(
      "href",
      "/contact",
    );
    await support.click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact support" })).toBeVisible();
  });

  test("mistakes are named beside their fields, the text kept; a good message is sent once", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { contactSubmissions } = app.testing.schema;
    const before = (await db.select().from(contactSubmissions)).length;
    const form = page.getByRole("form", { name: "Contact form" });
    await page.goto("/contact");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Name is required")).toBeVisible();
    await expect(form.getByText("Invalid email address")).toBeVisible();
    await expect(form.getByText("Message is required")).toBeVisible();
    // Field problems show at their fields only, not again in a form-wide alert.
    await expect(page.getByText("Failed to send message. Please try again.")).toHaveCount(0);

    await form.getByLabel("Name").fill("  Grace Hopper ");
    await form.getByLabel("Email").fill("grace-nojs@example.com");
    await form.getByLabel("Telegram (optional)").fill("t".repeat(101));
    await form.getByLabel("Message").fill("  How do I renew my quarterly plan?  ");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Telegram must be less than 100 characters")).toBeVisible();
    await expect(form.getByLabel("Telegram (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Name is required")).toHaveCount(0);
    await expect(form.getByLabel("Name")).toHaveValue("  Grace Hopper ");
    await expect(form.getByLabel("Message")).toHaveValue("  How do I renew my quarterly plan?  ");
    expect(await db.select().from(contactSubmissions)).toHaveLength(before);

    await form.getByLabel("Telegram (optional)").fill("@gracehopper");
    await form.getByRole("button", { name: "Send message" }).click();
    const sent = page.getByRole("status").filter({ hasText: "Message Sent!" });
    await expect(sent).toContainText("Thank you for contacting us. We'll get back to you as soon as possible.");
    // The panel has an address of its own: reloading it sends nothing again.
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await page.reload();
    await expect(sent).toBeVisible();
    const rows = await db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "grace-nojs@example.com"))
      .orderBy(desc(contactSubmissions.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Grace Hopper",
      telegram: "@gracehopper",
      message: "How do I renew my quarterly plan?",
    });

    // Starting over is a fresh, empty form.
    await sent.getByRole("link", { name: "Send another message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(form.getByLabel("Name")).toHaveValue("");
  });

  test("too many messages from one address: the wait, once, above the form kept as typed", async ({ page, app }) => {
    const { db } = app.testing.getDatabase();
    const { rateLimits, contactSubmissions } = app.testing.schema;
    const resetAt = new Date(Date.now() + 30 * 60_000);
    await db
      .insert(rateLimits)
      .values({ key: "contact:ip:127.0.0.1", count: 100, resetAt })
      .onConflictDoUpdate({ target: rateLimits.key, set: { count: 100, resetAt } });
    try {
      const before = (await db.select().from(contactSubmissions)).length;
      await page.goto("/contact");
      const form = page.getByRole("form", { name: "Contact form" });
      await form.getByLabel("Name").fill("Busy Bee");
      await form.getByLabel("Email").fill("bee@example.com");
      await form.getByLabel("Message").fill("Another one");
      const answered = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/contact"));
      await form.getByRole("button", { name: "Send message" }).click();
      const response = await answered;
      expect(response.status()).toBe(429);
      expect(Number(response.headers()["retry-after"])).toBeGreaterThan(0);
      const alert = page.getByRole("alert");
      await expect(alert).toHaveCount(1);
      await expect(alert).toHaveText(/^Error\s*Too many requests\. Please try again in \d+ minutes?\.$/);
      await expect(form.getByLabel("Message")).toHaveValue("Another one");
      expect((await db.select().from(contactSubmissions)).length).toBe(before);
    } finally {
      await db.delete(rateLimits).where(eq(rateLimits.key, "contact:ip:127.0.0.1"));
    }
  });
});
