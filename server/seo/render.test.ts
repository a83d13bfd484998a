import { describe, expect, it } from "vitest";
import { renderRobots } from "./render-robots.ts";
import { renderRss } from "./render-rss.ts";
import { renderSitemap } from "./render-sitemap.ts";

const post = {
  slug: "risk-and-reward",
  title: `Risk & "Reward" <2026>`,
  excerpt: "Stops & targets",
  category: "Risk Management",
  createdAt: new Date("2026-01-14T09:00:00.000Z"),
  // Written on the 14th, published (by the editor's schedule) on the 15th: the feed dates the publication.
  publishedAt: new Date("2026-01-15T10:00:00.000Z"),
  // Corrected on the 20th: the sitemap tells crawlers to come back.
  updatedAt: new Date("2026-01-20T08:30:00.000Z"),
};

describe("renderSitemap", () => {
  it("lists the public pages and each post with its date, escaped and absolute", () => {
    const xml = renderSitemap({ siteUrl: "https://example.com", productSlug: "acme", posts: [post] });
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    for (const path of [
      "/",
      "/signals",
      "/indicator",
      "/why-acme",
      "/pricing",
      "/results",
      "/blog",
      "/contact",
      "/privacy-policy",
      "/terms-of-service",
    ]) {
      expect(xml).toContain(`<loc>https://example.com${path}</loc>`);
    }
    expect(xml).toContain(
      "<url><loc>https://example.com/blog/risk-and-reward</loc><lastmod>2026-01-20T08:30:00.000Z</lastmod></url>",
    );
  });

  it("escapes a site URL with XML metacharacters", () => {
    const xml = renderSitemap({ siteUrl: "https://example.com/a&b", productSlug: "acme", posts: [] });
    expect(xml).toContain("<loc>https://example.com/a&amp;b/pricing</loc>");
  });
});

describe("renderRobots", () => {
  it("allows everything but the private paths and names the sitemap", () => {
    expect(renderRobots({ siteUrl: "https://example.com" })).toBe(
      [
        "User-agent: *",
        "Allow: /",
        "Disallow: /dashboard",
        "Disallow: /api/",
        "Disallow: /join/",
        "Disallow: /reset-password",
        "",
        "Sitemap: https://example.com/sitemap.xml",
        "",
      ].join("\n"),
    );
  });
});

describe("renderRss", () => {
  it("is an RSS 2.0 channel named after the brand with escaped items", () => {
    const xml = renderRss({ siteUrl: "https://example.com", brandName: "Nova & Co", posts: [post] });
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>Nova &amp; Co</title>");
    expect(xml).toContain("<title>Risk &amp; &quot;Reward&quot; &lt;2026&gt;</title>");
    expect(xml).toContain("<link>https://example.com/blog/risk-and-reward</link>");
    expect(xml).toContain('<guid isPermaLink="true">https://example.com/blog/risk-and-reward</guid>');
    expect(xml).toContain("<pubDate>Thu, 15 Jan 2026 10:00:00 GMT</pubDate>");
    expect(xml).toContain("<description>Stops &amp; targets</description>");
    expect(xml).toContain("<category>Risk Management</category>");
  });

  it("is a valid empty channel without posts", () => {
    const xml = renderRss({ siteUrl: "https://example.com", brandName: "Nova", posts: [] });
    expect(xml).not.toContain("<item>");
    expect(xml).not.toContain("lastBuildDate");
    expect(xml).toContain("</channel>");
  });
});
