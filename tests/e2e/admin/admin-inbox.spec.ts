import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { answered } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { expect, STAFF_CHAT, SUPPORT_EMAIL, test } from "../support/fixtures";
import { signInNewMember, waitForHydration } from "../support/member";
import { latestMail } from "../support/outbox";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

// This file's server has a bot (a local Bot API stand-in), a staff chat and a support address.
test.use({ staffAlerts: true });

const nav = (page: Page) => page.getByRole("navigation", { name: "Back office sections" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });
const HOSTILE = "<script>alert(1)</script> <b>not bold</b>";

async function sendContactMessage(page: Page, fields: { name: string; email: string; message: string }) {
  await page.getByRole("button", { name: "Contact support" }).click();
  const dialog = page.getByRole("dialog", { name: "Contact support" });
  await dialog.getByLabel("Name").fill(fields.name);
  await dialog.getByLabel("Email").fill(fields.email);
  await dialog.getByLabel("Message").fill(fields.message);
  await answered(page, () => dialog.getByRole("button", { name: "Send message" }).click());
  await expect(toast(page, "Message Sent!")).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe("back office: Inbox", () => {
  test("a visitor's message alerts the staff; support finds it by the badge, assigns it, replies by email and closes it; markup stays text", async ({
    page,
    app,
    browser,
  }) => {
    // Nothing a visitor wrote may run: a dialog from alert(1) fails the test.
    page.on("dialog", (dialog) => {
      throw new Error(`a dialog opened: ${dialog.message()}`);
    });
    const tag = crypto.randomBytes(4).toString("hex");
    const visitorEmail = `visitor-${tag}@example.com`;
    const visitor = await browser.newContext({ baseURL: app.url });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto("/pricing", { waitUntil: "networkidle" });
    await sendContactMessage(visitorPage, {
      name: `Vera ${tag}`,
      email: visitorEmail,
      message: `Question ${tag}: ${HOSTILE}`,
    });
    await visitor.close();

    // The staff are told at once, by email and in their Telegram group, the text as written.
    await expect.poll(() => latestMail(app.dataDir, SUPPORT_EMAIL)?.includes(`Vera ${tag}`) ?? false).toBe(true);
    const alert = latestMail(app.dataDir, SUPPORT_EMAIL)!;
    expect(alert).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    await expect
      .poll(() => app.botApi!.messagesTo(STAFF_CHAT).filter((text) => text.includes(`Question ${tag}`)))
      .toEqual([expect.stringContaining(HOSTILE)]);

    const staff = await signUpStaff(app, page.context(), "support");
    const { db } = app.testing.getDatabase();
    const { contactSubmissions } = app.testing.schema;
    await page.goto("/admin");
    await waitForHydration(page);
    const fresh = await db.select().from(contactSubmissions).where(eq(contactSubmissions.status, "new"));
    await expect(page.getByTestId("inbox-badge")).toHaveText(
      `${fresh.length} new ${fresh.length === 1 ? "message" : "messages"}`,
    );

    await nav(page).getByRole("link", { name: "Inbox" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Inbox");
    await page.getByLabel("Search", { exact: true }).fill(tag);
    await page.getByRole("button", { name: "Show" }).click();
    const row = page.getByRole("list", { name: "Contact messages" }).getByRole("link");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Question ${tag}: ${HOSTILE}`);
    await expectAccessible(page, "the inbox");
    await row.click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Message from Vera ${tag}`);
    const thread = page.getByRole("list", { name: "Thread" });
    await expect(thread.getByText(`Question ${tag}: ${HOSTILE}`, { exact: true })).toBeVisible();
    expect(await page.locator("main b").count()).toBe(0);
    // Opening a new message takes it up: it is open now, without a click, and says how the staff were told.
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("open");
    const staffAlert = page.getByRole("region", { name: "Staff alert" });
    await expect(staffAlert).toContainText("Staff alerted");
    await expect(staffAlert).toContainText("Email: sent");
    await expect(staffAlert).toContainText("Telegram: sent");

    await page.getByLabel("Assigned to", { exact: true }).selectOption({ label: staff.email });
    await answered(page, () => page.getByRole("button", { name: "Assign" }).click());
    await expect(toast(page, "Message updated")).toBeVisible();
    await expect(page.getByText(`Assigned to ${staff.email}.`)).toBeVisible();

    await page.getByLabel("Internal note", { exact: true }).fill("Checked: paid by card.");
    await answered(page, () => page.getByRole("button", { name: "Add note" }).click());
    await expect(thread.locator('[data-kind="note"]')).toContainText("internal");
    await expect(thread.locator('[data-kind="note"]')).toContainText("Checked: paid by card.");

    // Each control has one name: only the reply's text box answers to "reply" (no form named so around it).
    await expect(page.getByLabel(/reply/i)).toHaveCount(1);
    await expect(page.getByLabel(/note/i)).toHaveCount(1);
    await page.getByLabel("Reply by email", { exact: true }).fill(`Hello Vera, here is your answer ${tag}.`);
    await answered(page, () => page.getByRole("button", { name: "Send reply" }).click());
    await expect(page.getByText(`Reply emailed to ${visitorEmail}.`)).toBeVisible();
    const reply = thread.locator('[data-kind="reply"]');
    await expect(reply).toContainText(`Hello Vera, here is your answer ${tag}.`);
    await expect(reply).toContainText("Emailed");
    const mail = latestMail(app.dataDir, visitorEmail)!;
    expect(mail).toContain("Subject: Re: your message to");
    expect(mail).toContain(`Hello Vera, here is your answer ${tag}.`);
    expect(mail).toContain(`> Question ${tag}: ${HOSTILE}`);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("answered");

    await page.getByLabel("Status", { exact: true }).selectOption("closed");
    await answered(page, () => page.getByRole("button", { name: "Set status" }).click());
    await expect(page.getByText("Marked closed.")).toBeVisible();
    const history = page.getByRole("region", { name: "History" });
    // Two status changes: opening it (new → open) and closing it.
    await expect(history.getByText("inbox.status_changed")).toHaveCount(2);
    await expect(history.getByText("inbox.replied")).toBeVisible();
    await expect(history.getByText("inbox.assigned")).toBeVisible();
    await expectAccessible(page, "a message's page");

    // Closed messages leave the default list.
    await page.goto(`/admin/inbox?q=${tag}`);
    await expect(page.getByText("0 messages")).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page);
    await page.goto(`/admin/inbox?q=${tag}&status=all`);
    await waitForHydration(page);
    await expectNoSidewaysScroll(page);
    await page.getByRole("list", { name: "Contact messages" }).getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Message from Vera ${tag}`);
    await expectNoSidewaysScroll(page);
  });

  test("a message whose staff alert failed says which channel and why; a long thread offers its older messages", async ({
    page,
    app,
  }) => {
    const tag = crypto.randomBytes(4).toString("hex");
    const email = `busy-${tag}@example.com`;
    const { db } = app.testing.getDatabase();
    const { contactSubmissions } = app.testing.schema;
    const at = (i: number) => new Date(Date.now() - (200 - i) * 60_000);
    // 101 messages from one sender, already announced (the alert job leaves them alone)…
    const rows = await db
      .insert(contactSubmissions)
      .values(
        Array.from({ length: 101 }, (_, i) => ({
          name: `Busy ${tag}`,
          email,
          message: `Busy ${tag} #${i}`,
          status: "open" as const,
          alertSentAt: new Date(),
          createdAt: at(i),
          updatedAt: at(i),
        })),
      )
      .returning({ id: contactSubmissions.id });
    // …but the newest one's alert gave up: its email was refused, its Telegram message went out.
    const newest = rows.at(-1)!.id;
    await db
      .update(contactSubmissions)
      .set({
        alertSentAt: null,
        alertAttempts: 8,
        alertLastError: "email: 550 mailbox unavailable",
        alertEmailError: "550 mailbox unavailable",
        alertTelegramSentAt: at(100),
      })
      .where(eq(contactSubmissions.id, newest));
    try {
      await signUpStaff(app, page.context(), "support");
      await page.goto(`/admin/inbox/${newest}`);
      await waitForHydration(page);
      const staffAlert = page.getByRole("region", { name: "Staff alert" });
      await expect(staffAlert).toContainText("Staff alert: not sent, gave up (8 of 8 tries)");
      await expect(staffAlert).toContainText("Email: failed: 550 mailbox unavailable");
      await expect(staffAlert).toContainText("Telegram: sent");

      const thread = page.getByRole("list", { name: "Thread" });
      await expect(thread.locator('[data-kind="message"]')).toHaveCount(100);
      await expect(page.getByText("Showing the sender’s latest 100 of 101 messages.")).toBeVisible();
      await expect(thread.getByText(`Busy ${tag} #0`, { exact: true })).toHaveCount(0);
      await page.getByRole("link", { name: "Show 1 older message" }).click();
      await expect(thread.locator('[data-kind="message"]')).toHaveCount(101);
      await expect(thread.getByText(`Busy ${tag} #0`, { exact: true })).toBeVisible();
      await expect(page.getByText("Showing the sender’s latest")).toHaveCount(0);
      await expectAccessible(page, "a message with a failed alert and a long thread");
    } finally {
      await db.delete(contactSubmissions).where(eq(contactSubmissions.email, email));
    }
  });

  test("a member sends a message from the dashboard's support button; the inbox links it to their account", async ({
    page,
    app,
    context,
  }) => {
    const member = await signInNewMember(app, context);
    await page.goto("/dashboard");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Contact support" });
    const box = (await button.boundingBox())!;
    expect(box.x).toBeLessThan(60);
    expect(box.y + box.height).toBeGreaterThan(page.viewportSize()!.height - 60);
    await expectAccessible(page, "the dashboard with its support button");
    const tag = crypto.randomBytes(4).toString("hex");
    // The member's own details are filled in; a Telegram username follows the sign-up's rule.
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Contact support" });
    await expect(dialog.getByLabel("Name")).toHaveValue(`${member.firstName} ${member.lastName}`);
    await expect(dialog.getByLabel("Email")).toHaveValue(member.email);
    await expect(dialog.getByLabel("Telegram (optional)")).toHaveValue(`@${member.telegram}`);
    await dialog.getByLabel("Telegram (optional)").fill("Vera Visitor");
    await dialog.getByLabel("Message").fill(`From my dashboard ${tag}`);
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(
      dialog.getByText("Enter your Telegram username: 5–32 letters, digits or underscores, starting with a letter"),
    ).toBeVisible();
    await dialog.getByLabel("Telegram (optional)").fill(`@${member.telegram}`);
    await answered(page, () => dialog.getByRole("button", { name: "Send message" }).click());
    await expect(toast(page, "Message Sent!")).toBeVisible();
    await expect(dialog).toBeHidden();

    const { db } = app.testing.getDatabase();
    const { contactSubmissions, user } = app.testing.schema;
    const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.email, member.email));
    expect(row).toMatchObject({
      userId: member.userId,
      name: `${member.firstName} ${member.lastName}`,
      telegram: `@${member.telegram}`,
      message: `From my dashboard ${tag}`,
    });

    // Staff see it linked to the member's page.
    await db
      .update(user)
      .set({ role: "support", emailVerified: true, twoFactorEnabled: true })
      .where(eq(user.id, member.userId));
    await db
      .update(app.testing.schema.session)
      .set({ secondFactor: true })
      .where(eq(app.testing.schema.session.userId, member.userId));
    await page.goto(`/admin/inbox/${row!.id}`);
    await expect(page.getByRole("link", { name: "Sent by a member: open their page" })).toHaveAttribute(
      "href",
      `/admin/members/${member.userId}`,
    );
  });
});
