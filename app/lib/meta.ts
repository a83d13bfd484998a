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
  const image = absolute(siteUrl, args.image || "/images/og-default.svg");
  const tags: MetaDescriptor[] = [
    { title },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: args.title || brand },
    { property: "og:type", content: args.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
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
