import type { MetaDescriptor } from "react-router";
import type { SiteData } from "./view-types/site";

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/** The root loader's data as a meta function sees it (components use useSiteData). */
export function siteDataOf(matches: Matches): SiteData | undefined {
  return matches.find((m) => m?.id === "root")?.data as SiteData | undefined;
}

/**
 * Everything a page tells search engines and link previews: title, description, canonical
 * URL (from PUBLIC_URL, else the request's origin), Open Graph and Twitter card tags.
 */
export function seoMeta(args: {
  matches: Matches;
  location: { pathname: string };
  title: string;
  description?: string;
  /** Site-relative or absolute image; defaults (also when empty) to the site's social image. */
  image?: string;
  type?: "website" | "article";
  noindex?: boolean;
}): MetaDescriptor[] {
  const root = siteDataOf(args.matches);
  const brand = root?.config.brandName ?? "";
  const siteUrl = root?.siteUrl ?? "";
  const title = args.title ? `${args.title} | ${brand}` : brand;
  const url = `${siteUrl}${args.location.pathname === "/" ? "/" : args.location.pathname.replace(/\/$/, "")}`;
  const preview = socialImage(args.image);
  const image = absolute(siteUrl, preview.src);
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: args.title || brand },
    { property: "og:type", content: args.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(preview.sized
      ? [
          { property: "og:image:width", content: "1200" },
          { property: "og:image:height", content: "630" },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: args.title || brand },
    { name: "twitter:image", content: image },
  ];
  if (args.description) {
    tags.push(
      { name: "description", content: args.description },
      { property: "og:description", content: args.description },
      { name: "twitter:description", content: args.description },
    );
  }
  if (args.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The browser's own bars in the page's background colour (--background in app.css, light and dark). */
export const THEME_COLORS = { light: "#fbfbfe", dark: "#07070a" } as const;

/** The site's link-preview image: 1200×630 PNG (rendered from og-default.svg). */
export const DEFAULT_SOCIAL_IMAGE = "/images/og-default.png";

/**
 * The address link previews get for a page's image. Chat apps and social sites read PNG and JPEG
 * but not always WebP or SVG, so the site's own images of another type go through /og/, which
 * renders them as a 1200×630 JPEG; PNG, JPEG and other sites' addresses are given as they are.
 * `sized` says the image is known to be 1200×630.
 */
export function socialImage(image: string | undefined): { src: string; sized: boolean } {
  if (!image) return { src: DEFAULT_SOCIAL_IMAGE, sized: true };
  if (/^https?:\/\//.test(image) || /\.(png|jpe?g)$/i.test(image)) return { src: image, sized: false };
  const path = image.replace(/^\//, "");
  return { src: `/og/${path}.jpg`, sized: true };
}

/** Where the blog's RSS feed is. */
export const BLOG_FEED_PATH = "/blog/rss.xml";

/** The head link that lets feed readers and browsers find the blog's feed from its pages. */
export function feedLink(matches: Matches): MetaDescriptor {
  const root = siteDataOf(matches);
  const brand = root?.config.brandName ?? "";
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: brand ? `${brand} blog` : "Blog",
    href: `${root?.siteUrl ?? ""}${BLOG_FEED_PATH}`,
  };
}

/** JSON-LD structured data as a meta descriptor (React Router renders it as a script tag). */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { "script:ld+json": data };
}

function absolute(siteUrl: string, path: string) {
  return /^https?:\/\//.test(path) ? path : `${siteUrl}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** Title and description only; kept for pages that need no preview tags. */
export function pageMeta(matches: Matches, title: string, description?: string): MetaDescriptor[] {
  const brand = siteDataOf(matches)?.config.brandName ?? "";
  return [
    { title: title ? `${title} | ${brand}` : brand },
    ...(description ? [{ name: "description", content: description }] : []),
  ];
}

/**
 * A back-office page's meta: "<title> · Back office" (the layout's own: "Back office"), never
 * indexed; the back office is answered 404 to everyone else, so it needs no preview tags.
 */
export function adminMeta(title?: string): MetaDescriptor[] {
  return [
    { title: title ? `${title} · Back office` : "Back office" },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
