import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import { waitForHydration } from "../support/member";
import { sidewaysOverflow } from "../support/sideways";
import { signUpStaff } from "../support/staff";

const PHONE = { width: 375, height: 812 };

/** The page's own links to paths under `prefix` (its navigation), each once, without query or hash. */
async function linksUnder(page: Page, prefix: string) {
  const hrefs = await page.evaluate(
    (p) =>
      [...document.querySelectorAll("a[href]")]
        .map((a) => new URL((a as HTMLAnchorElement).href).pathname)
        .filter((path) => path === p || path.startsWith(`${p}/`)),
    prefix,
  );
  return [...new Set(hrefs)];
}

test.describe("every page on a 375 px phone", () => {
  test.use({ viewport: PHONE });

  test("no page, public, dashboard or back office, scrolls sideways", async ({ page, app, context }) => {
    test.setTimeout(300_000);
    const { db } = app.testing.getDatabase();
    const { blogPosts, pricing, contactSubmissions, broadcasts } = app.testing.schema;
    const posts = await db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.published, true));
    const [plan] = await db.select().from(pricing).limit(1);

    const wide: string[] = [];
    let signedIn = false;
    const visit = async (path: string, hydrate = false) => {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(500);
      if (hydrate) await waitForHydration(page);
      const extra = await sidewaysOverflow(page);
      if (extra > 0) wide.push(`${path}${signedIn ? " (signed in)" : ""} is ${PHONE.width + extra} px wide`);
    };

    const publicPages = [
      "/",
      "/signals",
      "/indicator",
      "/why-novasignals",
      "/pricing",
      "/results",
      "/blog",
      // Every article: one wide table or code block is enough to widen a page.
      ...posts.map((post) => `/blog/${post.slug}`),
      "/privacy-policy",
      "/terms-of-service",
      "/signin",
      "/join/details",
      "/forgot-password",
      "/contact",
      "/no-such-page",
    ];
    for (const path of publicPages) await visit(path);

    const owner = await signUpStaff(app, context, "owner");
    signedIn = true;
    // Signed in, the public pages' header carries the account menu too: it once pushed every one
    // of them 17 px past the screen.
    for (const path of publicPages) await visit(path);
    for (const section of ["welcome", "user-info", "subscriptions", "billing-history", "knowledgebase"])
      await visit(`/dashboard?section=${section}`, true);

    // The back office: every section its navigation links to, each section's own tabs, and one
    // page of each kind of record.
    await db
      .insert(contactSubmissions)
      .values({ name: "Phone Test", email: owner.email, message: "Is there a phone view?" });
    const [message] = await db.select().from(contactSubmissions).limit(1);
    // A broadcast's own page (a sent one shows its progress and message, not the form).
    const [broadcast] = await db
      .insert(broadcasts)
      .values({
        subject: "A subject long enough to wrap on a phone: weekly outlook and what changed",
        body: "<p>Markets open calm.</p>",
        channel: "both",
        audience: { statuses: ["active", "ended"], planIds: [plan!.id], endedWithinDays: 30 },
        state: "done",
      })
      .returning({ id: broadcasts.id });
    // The sections as the desktop sidebar lists them (on a phone it is behind the menu button).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin");
    await waitForHydration(page);
    const sections = await linksUnder(page, "/admin");
    await page.setViewportSize(PHONE);
    expect(sections.length).toBeGreaterThan(8);
    const pages = new Set(sections);
    for (const section of sections) {
      await visit(section, true);
      for (const tab of await linksUnder(page, section)) pages.add(tab);
    }
    for (const path of [...pages].filter((p) => !sections.includes(p))) await visit(path, true);
    for (const path of [
      `/admin/members/${owner.userId}`,
      `/admin/plans/${plan!.id}`,
      `/admin/inbox/${message!.id}`,
      "/admin/broadcasts/new",
      `/admin/broadcasts/${broadcast!.id}`,
      "/admin/search?q=phone",
    ])
      await visit(path, true);

    expect(wide).toEqual([]);
  });
});
