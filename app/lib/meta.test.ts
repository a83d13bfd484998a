import { describe, expect, it } from "vitest";
import { adminMeta, seoMeta, socialImage } from "./meta";

describe("adminMeta", () => {
  it("titles a back-office page after the back office and keeps it out of search engines", () => {
    expect(adminMeta("Plans")).toEqual([
      { title: "Plans · Back office" },
      { name: "robots", content: "noindex, nofollow" },
    ]);
  });

  it("titles the layout itself, with no page title, just the back office", () => {
    expect(adminMeta()).toEqual([{ title: "Back office" }, { name: "robots", content: "noindex, nofollow" }]);
    expect(adminMeta("")[0]).toEqual({ title: "Back office" });
  });
});

describe("socialImage", () => {
  it("gives the site's 1200×630 PNG when a page has no image", () => {
    expect(socialImage(undefined)).toEqual({ src: "/images/og-default.png", sized: true });
    expect(socialImage("")).toEqual({ src: "/images/og-default.png", sized: true });
  });

  it("sends the site's WebP and SVG images through /og/, which renders them as 1200×630 JPEG", () => {
    expect(socialImage("/images/blog/funding-rates-explained.svg")).toEqual({
      src: "/og/images/blog/funding-rates-explained.svg.jpg",
      sized: true,
    });
    expect(socialImage("/uploads/0123456789abcdef0123456789abcdef-1600x900.webp")).toEqual({
      src: "/og/uploads/0123456789abcdef0123456789abcdef-1600x900.webp.jpg",
      sized: true,
    });
    expect(socialImage("images/x.webp").src).toBe("/og/images/x.webp.jpg");
  });

  it("gives PNG, JPEG and other sites' images as they are, their size unknown", () => {
    expect(socialImage("/images/a.png")).toEqual({ src: "/images/a.png", sized: false });
    expect(socialImage("/images/a.JPG")).toEqual({ src: "/images/a.JPG", sized: false });
    expect(socialImage("/images/a.jpeg").src).toBe("/images/a.jpeg");
    expect(socialImage("https://cdn.example.com/a.webp")).toEqual({
      src: "https://cdn.example.com/a.webp",
      sized: false,
    });
  });
});

describe("seoMeta", () => {
  const matches = [{ id: "root", data: { config: { brandName: "Nova" }, siteUrl: "https://nova.test", year: 2026 } }];

  it("gives link previews an absolute image address and its size when known", () => {
    const tags = seoMeta({ matches, location: { pathname: "/blog/a" }, title: "A", image: "/images/a.svg" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://nova.test/og/images/a.svg.jpg" });
    expect(tags).toContainEqual({ name: "twitter:image", content: "https://nova.test/og/images/a.svg.jpg" });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
  });

  it("leaves the size out for an image it did not render", () => {
    const tags = seoMeta({ matches, location: { pathname: "/" }, title: "", image: "https://cdn.example.com/a.jpg" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://cdn.example.com/a.jpg" });
    expect(tags.some((t) => "property" in t && t.property === "og:image:width")).toBe(false);
  });
});
