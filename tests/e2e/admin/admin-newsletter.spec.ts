import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { answered } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { insertPosts } from "../support/content";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { signUpStaff } from "../support/staff";

type App = {
  testing: {
    getDatabase: () => { db: import("../../../server/db/client.ts").Db };
    schema: typeof import("../../../server/db/schema.ts");
  };
};

const nav = (page: Page) => page.getByRole("navigation", { name: "Back office sections" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

/** Three addresses of one run (confirmed, pending, left) and a post whose email to the first failed for good. */
async function seed(app: unknown) {
  const { testing } = app as App;
  const { db } = testing.getDatabase();
  const { newsletterSubscribers, newsletterDeliveries } = testing.schema;
  const tag = crypto.randomBytes(4).toString("hex");
  const day = 86_400_000;
  const address = (name: string) => `${name}-${tag}@example.com`;
  const values = (email: string, state: { confirmedAt?: Date; unsubscribedAt?: Date }) => ({
    email,
    tokenHash: crypto.randomBytes(32).toString("hex"),
    tokenExpiresAt: new Date(Date.now() + day),
    ...state,
  });
  const [reader] = await db
    .insert(newsletterSubscribers)
    .values([
      values(address("reader"), { confirmedAt: new Date(Date.now() - day) }),
      values(address("waiting"), {}),
      values(address("gone"), {
        confirmedAt: new Date(Date.now() - 3 * day),
        unsubscribedAt: new Date(Date.now() - day),
      }),
    ])
    .returning();
  const title = `Weekly results ${tag}`;
  const [post] = await insertPosts(app as Parameters<typeof insertPosts>[0], [
    { slug: `weekly-${tag}`, title, published: true },
  ]);
  await db.insert(newsletterDeliveries).values({
    postId: post!.id,
    subscriberId: reader!.id,
    attempts: 12,
    lastError: "550 mailbox unavailable",
    nextAttemptAt: new Date(Date.now() - 60_000),
  });
  return { tag, address, title };
}

test.describe("back office: Newsletter", () => {
  test("an editor finds subscribers by address and status, unsubscribes one on request, and sends a post's failed email again", async ({
    page,
    app,
    context,
  }) => {
    const { tag, address, title } = await seed(app);
    await signUpStaff(app, context, "editor");
    await page.goto("/admin");
    await waitForHydration(page);
    await nav(page).getByRole("link", { name: "Newsletter" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Newsletter");
    await expect(page.getByRole("group", { name: "Confirmed" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Pending" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Unsubscribed" })).toBeVisible();

    // The post's failed email, with the reason the mail server gave.
    const postRow = page.getByRole("row", { name: title });
    await expect(postRow).toContainText("550 mailbox unavailable");
    await expectAccessible(page, "Newsletter");

    const search = page.getByRole("search", { name: "Subscribers" });
    await search.getByLabel("Email contains").fill(tag);
    await search.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    const subscribers = page
      .getByRole("region", { name: "Subscribers" })
      .getByRole("row")
      .filter({ has: page.getByRole("cell") });
    await expect(subscribers).toHaveCount(3);
    await search.getByLabel("Status").selectOption("pending");
    await search.getByRole("button", { name: "Show" }).click();
    await expect(subscribers).toHaveCount(1);
    await expect(subscribers.first()).toContainText(address("waiting"));
    await expect(subscribers.first()).toContainText("Pending");

    await search.getByLabel("Status").selectOption("confirmed");
    await search.getByRole("button", { name: "Show" }).click();
    await expect(subscribers).toHaveCount(1);
    await subscribers
      .first()
      .getByRole("button", { name: `Unsubscribe ${address("reader")}` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Unsubscribe ${address("reader")}?` });
    await expect(dialog).toContainText("when the owner of the address asks");
    await answered(page, () => dialog.getByRole("button", { name: "Unsubscribe" }).click());
    await expect(toast(page, "Newsletter updated")).toBeVisible();
    await expect(
      page.getByText(`${address("reader")} is unsubscribed: no more new-post emails go to it.`),
    ).toBeVisible();
    await expect(subscribers).toHaveCount(0);
    await search.getByLabel("Status").selectOption("unsubscribed");
    await search.getByRole("button", { name: "Show" }).click();
    await expect(subscribers).toHaveCount(2);
    await expect(subscribers.filter({ hasText: address("reader") })).toContainText("Unsubscribed");

    // Send again: the failed email goes back to the queue (it will be skipped: its reader left meanwhile).
    await postRow.getByRole("button", { name: `Send the failed emails of “${title}” again` }).click();
    await expect(page.getByText(`1 email of “${title}” will be sent again in the next few minutes.`)).toBeVisible();
    await expect(postRow.getByRole("button")).toHaveCount(0);
    await expect(postRow.getByRole("cell").nth(3)).toHaveText("0");
  });

  test("support has no Newsletter section: not in the sidebar, and the page answers 404", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "support");
    await page.goto("/admin");
    await expect(nav(page).getByRole("link", { name: "Overview" })).toBeVisible();
    await expect(nav(page).getByRole("link", { name: "Newsletter" })).toHaveCount(0);
    const response = await page.goto("/admin/newsletter");
    expect(response!.status()).toBe(404);
  });
});
