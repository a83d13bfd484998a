import { describe, expect, it } from "vitest";
import { announcementMessage, CAPTION_MAX, MESSAGE_MAX } from "./announcement-message.ts";

const url = "https://signals.example/blog/risk-rules";

describe("announcementMessage", () => {
  it("writes the title in bold, the excerpt and a link to the post, escaped for Telegram's HTML", () => {
    const { html } = announcementMessage({
      title: "Risk & reward <2027>",
      excerpt: 'Why "stops" matter',
      url: `${url}?a=1&b=2`,
      max: CAPTION_MAX,
    });
    expect(html).toBe(
      `<b>Risk &amp; reward &lt;2027&gt;</b>\n\nWhy &quot;stops&quot; matter\n\n<a href="${url}?a=1&amp;b=2">Read the post</a>`,
    );
  });

  it("cuts a long excerpt at a word so the caption stays within 1 024 shown characters, the link whole", () => {
    const excerpt = "word ".repeat(400);
    const { html, shownLength } = announcementMessage({ title: "T", excerpt, url, max: CAPTION_MAX });
    expect(shownLength).toBeLessThanOrEqual(CAPTION_MAX);
    expect(shownLength).toBeGreaterThan(CAPTION_MAX - 10);
    expect(html).toMatch(/word…\n\n<a href="[^"]+">Read the post<\/a>$/);
  });

  it("counts escaped characters as Telegram shows them, not as written", () => {
    const excerpt = "&".repeat(2000);
    const { html, shownLength } = announcementMessage({ title: "T", excerpt, url, max: CAPTION_MAX });
    expect(shownLength).toBeLessThanOrEqual(CAPTION_MAX);
    expect(html.length).toBeGreaterThan(CAPTION_MAX * 4);
  });

  it("keeps a message within 4 096 and a title alone past the limit is cut too", () => {
    const long = announcementMessage({ title: "x".repeat(5000), excerpt: "e", url, max: MESSAGE_MAX });
    expect(long.shownLength).toBeLessThanOrEqual(MESSAGE_MAX);
    expect(long.html).toContain("Read the post</a>");
  });

  it("never splits an emoji in two", () => {
    const { html } = announcementMessage({ title: "T", excerpt: "😀".repeat(600), url, max: CAPTION_MAX });
    expect(html).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
