import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { answered } from "../support/answered";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { signInNewMember, waitForHydration } from "../support/member";
import { signUpStaff } from "../support/staff";

type App = Parameters<typeof signInNewMember>[0] & {
  testing: { schema: typeof import("../../../server/db/schema.ts") };
};

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });
/**
 * Toasts sit over the list's last rows (bottom right): as a person would, move the pointer off
 * them (a hovered toast stays) and wait until they go.
 */
async function toastsGone(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
}

/** The list's rows as [title, status], in order. */
async function listedArticles(page: Page) {
  const rows = page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [tr.children[1]!.textContent!.trim(), tr.children[2]!.textContent!.trim()] as const),
  );
}

test.describe("back office: Knowledgebase", () => {
  test("an editor writes an article in the rich-text editor, publishes and reorders it, and a member reads it in that place", async ({
    page,
    app,
    context,
    browser,
  }) => {
    await signUpStaff(app, context, "editor");
    await page.goto("/admin");
    await waitForHydration(page);
    await page
      .getByRole("navigation", { name: "Back office sections" })
      .getByRole("link", { name: "Knowledgebase" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Knowledgebase");
    const before = await listedArticles(page);
    expect(before.length).toBeGreaterThan(2);

    await page.getByRole("link", { name: "New article" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New article");
    const title = `Withdrawals ${Date.now()}`;

    // Saving an empty article is refused in the page, with the shared schema's words.
    await page.getByRole("button", { name: "Create article" }).click();
    await expect(page.getByText("Please enter a title.")).toBeVisible();
    await expect(page.getByText("Please write the article's text.")).toBeVisible();

    await page.getByLabel("Title").fill(title);
    const body = page.getByRole("textbox", { name: "Article" });
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    const bold = toolbar.getByRole("button", { name: "Bold" });
    await body.click();
    await page.keyboard.type("Withdrawals are ");
    // Bold with the keyboard shortcut: the toolbar shows it pressed.
    await page.keyboard.press("ControlOrMeta+b");
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("sent every day");
    await page.keyboard.press("ControlOrMeta+b");
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await page.keyboard.type(".");
    // A list from the toolbar.
    await page.keyboard.press("Enter");
    await toolbar.getByRole("button", { name: "Bulleted list" }).click();
    await expect(toolbar.getByRole("button", { name: "Bulleted list" })).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("Open Billing history");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Choose Withdraw");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(toolbar.getByRole("button", { name: "Bulleted list" })).toHaveAttribute("aria-pressed", "false");
    // A link: select a word, Ctrl+K, the address.
    await page.keyboard.type("Check it on Tronscan");
    await expect(body).toContainText("Check it on Tronscan");
    // The last word selected as a person would (Ctrl+Shift+Left on Linux), once the editor has the text.
    await page.keyboard.press("Control+Shift+ArrowLeft");
    // The editor takes a native selection from the browser's next "selectionchange" event, which a
    // busy machine may deliver after the next key: wait until the editor itself (Tiptap keeps it on
    // its element) holds the word, not only the page.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const editor = (
            document.querySelector(".ProseMirror") as
              | (Element & {
                  editor?: {
                    state: {
                      selection: { from: number; to: number };
                      doc: { textBetween(a: number, b: number): string };
                    };
                  };
                })
              | null
          )?.editor;
          if (!editor) return null;
          const { from, to } = editor.state.selection;
          return editor.state.doc.textBetween(from, to);
        }),
      )
      .toBe("Tronscan");
    await page.keyboard.press("ControlOrMeta+k");
    await page.getByLabel("Link address").fill("https://tronscan.org/");
    await page.getByLabel("Link address").press("Enter");
    await expect(toolbar.getByRole("button", { name: "Link" })).toHaveAttribute("aria-pressed", "true");
    await expect(body.getByRole("link", { name: "Tronscan" })).toHaveAttribute("href", "https://tronscan.org/");
    await expect(page.getByText("Unsaved changes")).toBeVisible();

    await answered(page, () => page.getByRole("button", { name: "Create article" }).click());
    await expect(toast(page, "Article created")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/knowledgebase\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit article");
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const { db } = app.testing.getDatabase();
    const { knowledgebaseArticles, auditLog } = (app as App).testing.schema;
    const [stored] = await db.select().from(knowledgebaseArticles).where(eq(knowledgebaseArticles.id, id));
    expect(stored).toMatchObject({ title, published: false });
    expect(stored!.content).toBe(
      "<p>Withdrawals are <strong>sent every day</strong>.</p>" +
        "<ul><li><p>Open Billing history</p></li><li><p>Choose Withdraw</p></li></ul>" +
        ('<p>Check it on <a target="_blank" rel="noopener noreferrer nofollow" ' +
          'href="https://tronscan.org/">Tronscan</a></p>'),
    );

    // An edit of the title: leaving before saving asks first; the author stays and saves.
    await page.getByLabel("Title").fill(`${title}!`);
    await page.getByRole("link", { name: "All articles" }).click();
    const leave = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay and keep editing" }).click();
    await expect(leave).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit article");
    await expect(page.getByLabel("Title")).toHaveValue(`${title}!`);
    await answered(page, () => page.getByRole("button", { name: "Save article" }).click());
    await expect(toast(page, "Article saved")).toBeVisible();
    await expect(page.getByText("All changes saved")).toBeVisible();

    // Publish from the list, then move it up one place.
    await page.getByRole("link", { name: "All articles" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Knowledgebase");
    const row = page.getByRole("row").filter({ hasText: `${title}!` });
    await expect(row).toContainText("Draft");
    await expect(row.getByRole("cell").first()).toHaveText(String(before.length + 1));
    await toastsGone(page);
    await answered(page, () => row.getByRole("button", { name: `Publish “${title}!”` }).click());
    await expect(toast(page, "Knowledgebase updated")).toBeVisible();
    await expect(row).toContainText("Published");
    await toastsGone(page);
    await row.getByRole("button", { name: `Move “${title}!” up` }).click();
    await expect(row.getByRole("cell").first()).toHaveText(String(before.length));
    await toastsGone(page);
    await row.getByRole("button", { name: `Move “${title}!” up` }).click();
    await expect(row.getByRole("cell").first()).toHaveText(String(before.length - 1));
    let after = await listedArticles(page);
    let published = after.filter(([, status]) => status === "Published").map(([t]) => t);
    // Other tests on this database may leave drafts just above it: move on until it sits before
    // at least one published article, so the member's order below is the list's, not creation's.
    let moves = 2;
    while (published.indexOf(`${title}!`) === published.length - 1 && before.length - moves >= 1) {
      await toastsGone(page);
      await row.getByRole("button", { name: `Move “${title}!” up` }).click();
      moves += 1;
      await expect(row.getByRole("cell").first()).toHaveText(String(before.length + 1 - moves));
      after = await listedArticles(page);
      published = after.filter(([, status]) => status === "Published").map(([t]) => t);
    }
    expect(published.indexOf(`${title}!`)).toBeGreaterThanOrEqual(0);
    expect(published.indexOf(`${title}!`)).toBeLessThan(published.length - 1);

    const actions = (
      await db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.targetId, String(id)))
    ).map((r) => r.action);
    expect(actions).toEqual([
      "knowledgebase.created",
      "knowledgebase.updated",
      "knowledgebase.published",
      ...Array(moves).fill("knowledgebase.moved"),
    ]);

    // A member's dashboard: the published articles in the new order, the article as written.
    const memberContext = await browser.newContext({ baseURL: app.url });
    await signInNewMember(app as App, memberContext);
    const memberPage = await memberContext.newPage();
    await memberPage.goto("/dashboard?section=knowledgebase");
    const section = memberPage.getByRole("region", { name: "Knowledgebase" });
    await expect(section.getByRole("button")).toHaveText(published);
    await waitForHydration(memberPage);
    await section.getByRole("button", { name: `${title}!` }).click();
    const region = section.getByRole("region", { name: `${title}!` });
    await expect(region.locator("strong")).toHaveText("sent every day");
    await expect(region.getByRole("listitem")).toHaveText(["Open Billing history", "Choose Withdraw"]);
    await expect(region.getByRole("link", { name: "Tronscan" })).toHaveAttribute("target", "_blank");
    await memberContext.close();
  });

  test("the list, the editor (with its errors, a formatted text, the link field open) and the leave dialog pass axe in light and dark", async ({
    page,
    app,
    context,
  }) => {
    await signUpStaff(app, context, "editor");
    await page.goto("/admin/knowledgebase");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Knowledgebase");
    await expectAccessible(page, "the list");

    await page.getByRole("link", { name: "New article" }).click();
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    await expect(toolbar).toBeVisible();
    await page.getByRole("button", { name: "Create article" }).click();
    await expect(page.getByText("Please enter a title.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Article" })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "the editor with errors");

    await page.getByRole("textbox", { name: "Article" }).click();
    await toolbar.getByRole("button", { name: "Heading", exact: true }).click();
    await page.keyboard.type("Fees");
    await page.keyboard.press("Enter");
    await toolbar.getByRole("button", { name: "Quote" }).click();
    await page.keyboard.type("No fees on deposits.");
    await page.keyboard.press("ControlOrMeta+k");
    await page.getByLabel("Link address").fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Apply link" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Use an address starting with https://" })).toBeVisible();
    await expectAccessible(page, "the editor with the link field");

    // Leaving with unsaved text asks; leaving anyway stores nothing.
    await page.getByRole("link", { name: "All articles" }).click();
    await expectAccessible(page, "the leave dialog");
    await page
      .getByRole("dialog", { name: "Leave without saving?" })
      .getByRole("button", { name: "Leave without saving" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Knowledgebase");
    await expect(page.getByRole("row").filter({ hasText: "Fees" })).toHaveCount(0);
  });

  test("support sees no Knowledgebase section and its pages answer 404", async ({ page, app, context }) => {
    await signUpStaff(app, context, "support");
    await page.goto("/admin");
    await expect(
      page.getByRole("navigation", { name: "Back office sections" }).getByRole("link", { name: "Knowledgebase" }),
    ).toHaveCount(0);
    for (const path of ["/admin/knowledgebase", "/admin/knowledgebase/new", "/admin/knowledgebase/1"]) {
      const response = await page.goto(path);
      expect(response!.status(), path).toBe(404);
    }
  });
});
