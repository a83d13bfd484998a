import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";
import { insertPosts } from "../support/content";
import { expect, test } from "../support/fixtures";
import { signInNewMember, waitForHydration } from "../support/member";
import { signUpStaff } from "../support/staff";

type App = Parameters<typeof signInNewMember>[0];

/** A member and a draft post that both carry one run's tag (the member in their name and Telegram username). */
async function seed(app: unknown, browser: import("@playwright/test").Browser) {
  const testApp = app as App;
  const tag = crypto.randomBytes(3).toString("hex");
  const other = await browser.newContext({ baseURL: testApp.url });
  const member = await signInNewMember(testApp, other, { firstName: "Zed", lastName: `Q${tag}` });
  await other.close();
  const [post] = await insertPosts(app as Parameters<typeof insertPosts>[0], [
    { slug: `outlook-${tag}`, title: `Outlook Q${tag}` },
  ]);
  return { tag, member, postId: post!.id };
}

const box = (page: Page) => page.getByRole("combobox", { name: /^Search / });
const results = (page: Page) => page.getByRole("listbox", { name: "Search results" });

test.describe("back office: global search", () => {
  test("an owner finds a member and a post from the header box with the keyboard (Ctrl+K, arrows, Enter)", async ({
    page,
    app,
    context,
    browser,
  }) => {
    const { tag, member, postId } = await seed(app, browser);
    await signUpStaff(app, context, "owner");
    await page.goto("/admin/results");
    await waitForHydration(page);

    await page.keyboard.press("ControlOrMeta+k");
    await expect(box(page)).toBeFocused();
    await expect(box(page)).toHaveAttribute("placeholder", "Search members and posts");
    await page.keyboard.type(`q${tag}`);
    await expect(results(page)).toBeVisible();
    const members = results(page).getByRole("group", { name: "Members" });
    const posts = results(page).getByRole("group", { name: "Posts" });
    await expect(members.getByRole("option")).toHaveCount(1);
    // The member's details are in the result itself: email, name, Telegram and its state, subscriptions.
    await expect(members.getByRole("option")).toContainText(member.email);
    await expect(members.getByRole("option")).toContainText(`Zed Q${tag}`);
    await expect(members.getByRole("option")).toContainText(`Telegram @${member.telegram} (not verified)`);
    await expect(members.getByRole("option")).toContainText("No subscriptions");
    await expect(posts.getByRole("option")).toHaveText(new RegExp(`Outlook Q${tag}\\s*Draft`));
    await expectAccessible(page, "Search box with results");

    // Down to the post (member, then post), Up back to the member, Down again, Enter opens the post's editor.
    await page.keyboard.press("ArrowDown");
    await expect(members.getByRole("option")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await expect(posts.getByRole("option")).toHaveAttribute("aria-selected", "true");
    await expect(box(page)).toHaveAttribute(
      "aria-activedescendant",
      (await posts.getByRole("option").getAttribute("id"))!,
    );
    await page.keyboard.press("ArrowUp");
    await expect(members.getByRole("option")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/posts/${postId}$`));

    // Escape closes the list; Enter with nothing chosen opens the full results page.
    await page.keyboard.press("ControlOrMeta+k");
    await expect(box(page)).toBeFocused();
    await expect(results(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(results(page)).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/search\\?q=q${tag}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Search");
    await expect(page.getByRole("region", { name: /Members/ })).toContainText(member.email);
    await expect(
      page.getByRole("region", { name: /Members/ }).getByRole("link", { name: new RegExp(member.email) }),
    ).toHaveAttribute("href", `/admin/members/${member.userId}`);
    await expect(
      page.getByRole("region", { name: /Posts/ }).getByRole("link", { name: new RegExp(`Outlook Q${tag}`) }),
    ).toHaveAttribute("href", `/admin/posts/${postId}`);
    await expectAccessible(page, "Search results page");

    // Choosing a member opens their member page.
    await box(page).fill(member.email);
    await expect(results(page).getByRole("group", { name: "Members" }).getByRole("option")).toHaveCount(1);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/members/${member.userId}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(member.email);
  });

  test("support sees members but no posts; an editor sees posts but no members", async ({
    page,
    app,
    context,
    browser,
  }) => {
    const { tag, member } = await seed(app, browser);
    await signUpStaff(app, context, "support");
    await page.goto("/admin");
    await waitForHydration(page);
    await expect(box(page)).toHaveAttribute("placeholder", "Search members");
    await box(page).fill(`q${tag}`);
    await expect(results(page).getByRole("group", { name: "Members" }).getByRole("option")).toContainText(member.email);
    await expect(results(page).getByRole("group", { name: "Posts" })).toHaveCount(0);
    await expect(results(page)).not.toContainText(`Outlook Q${tag}`);
    await page.goto(`/admin/search?q=q${tag}&kind=posts`);
    await expect(page.getByRole("region", { name: /Posts/ })).toHaveCount(0);

    const editorContext = await browser.newContext({ baseURL: (app as App).url });
    const editorPage = await editorContext.newPage();
    await signUpStaff(app, editorContext, "editor");
    await editorPage.goto("/admin");
    await waitForHydration(editorPage);
    await expect(box(editorPage)).toHaveAttribute("placeholder", "Search posts");
    await box(editorPage).fill(`q${tag}`);
    await expect(results(editorPage).getByRole("group", { name: "Posts" }).getByRole("option")).toContainText(
      `Outlook Q${tag}`,
    );
    await expect(results(editorPage).getByRole("group", { name: "Members" })).toHaveCount(0);
    await editorContext.close();
  });

  test("an owner follows a search to every matching post, page by page", async ({ page, app, context }) => {
    const tag = crypto.randomBytes(3).toString("hex");
    const titles = Array.from({ length: 21 }, (_, i) => `Weekly W${tag} ${String(i + 1).padStart(2, "0")}`);
    await insertPosts(
      app,
      titles.map((title, i) => ({ slug: `weekly-${tag}-${i}`, title })),
    );
    // An owner's results show every kind, a few of each, with a link to all of one kind.
    await signUpStaff(app, context, "owner");
    await page.goto("/admin/search");
    await page.getByRole("searchbox").fill(`W${tag}`);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const posts = page.getByRole("region", { name: /^Posts/ });
    await expect(posts.getByRole("heading")).toHaveText("Posts (21)");
    await expect(posts.getByRole("listitem")).toHaveCount(20);

    await posts.getByRole("link", { name: "All 21 posts" }).click();
    await expect(page).toHaveURL(/kind=posts/);
    const pages = posts.getByRole("navigation", { name: "Posts pages" });
    await expect(pages).toContainText("Page 1 of 2");
    const first = await posts.getByRole("listitem").allTextContents();
    expect(first).toHaveLength(20);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(pages).toContainText("Page 2 of 2");
    await expect(posts.getByRole("listitem")).toHaveCount(1);
    const second = await posts.getByRole("listitem").allTextContents();
    // Both pages together are every match, each once.
    const seen = [...first, ...second].map((text) => titles.find((title) => text.includes(title)));
    expect(new Set(seen)).toEqual(new Set(titles));
    await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(pages).toContainText("Page 1 of 2");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test("the box is in the header, the results fit the screen and open with a tap", async ({
      page,
      app,
      context,
      browser,
    }) => {
      const { tag, member } = await seed(app, browser);
      await signUpStaff(app, context, "admin");
      await page.goto("/admin");
      await waitForHydration(page);
      await box(page).tap();
      await page.keyboard.type(`q${tag}`);
      const option = results(page).getByRole("group", { name: "Members" }).getByRole("option");
      await expect(option).toBeVisible();
      const area = (await results(page).boundingBox())!;
      expect(area.x).toBeGreaterThanOrEqual(0);
      expect(area.x + area.width).toBeLessThanOrEqual(390);
      await option.tap();
      await expect(page).toHaveURL(new RegExp(`/admin/members/${member.userId}$`));
    });
  });
});
