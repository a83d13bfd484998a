/*
 * The rich-text editor's link addresses: which addresses a link may take, and the
 * attributes it is stored with — the same rules the sanitizer (server/content/sanitize.ts) applies.
 */

/** What a link's attributes are once stored: external links open in a new tab, safely (as the sanitizer sets them). */
export function linkAttributes(href: string): {
  href: string;
  target: string | null;
  rel: string | null;
} {
  const external = /^\s*https?:\/\//i.test(href);
  return external ? { href, target: "_blank", rel: "noopener noreferrer nofollow" } : { href, target: null, rel: null };
}

/** Only what the sanitizer allows: http(s), mailto and site paths; never javascript: or data:. */
export function isAllowedHref(href: string): boolean {
  const value = href.trim();
  if (value.startsWith("/") && !value.startsWith("//")) return true;
  if (value.startsWith("#")) return true;
  return /^(https?:\/\/[^\s/]+|mailto:\S+@\S+)/i.test(value);
}
