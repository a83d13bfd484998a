import { escapeHtml } from "../../../lib/escape-markup.ts";

/** Telegram's limits, counted on the text as shown (after its HTML is parsed). */
export const CAPTION_MAX = 1024;
export const MESSAGE_MAX = 4096;

export type AnnouncementText = { html: string; shownLength: number };

/**
 * The announcement in Telegram's HTML subset: the title in bold, the excerpt, and a link to
 * the post. Every piece of the post's own text is escaped (a title with "<" or "&" is text,
 * never markup). When it would pass Telegram's limit (`max`: 1 024 for a photo's caption, 4 096
 * for a message) the excerpt is cut at a word with "…", then, for a title alone past the
 * limit, the title: the link always stays whole.
 */
export function announcementMessage(options: {
  title: string;
  excerpt: string;
  url: string;
  max: number;
  linkText?: string;
}): AnnouncementText {
  const { url, max } = options;
  const linkText = options.linkText ?? "Read the post";
  const title = options.title.trim();
  const excerpt = options.excerpt.trim().replace(/\n{3,}/g, "\n\n");
  // What Telegram counts: the visible characters (UTF-16 units), the tags and entities aside.
  const fixed = linkText.length + 2;
  let shownTitle = cut(title, max - fixed);
  const room = max - fixed - shownTitle.length - 2;
  const shownExcerpt = excerpt && room > 1 ? cut(excerpt, room) : "";
  if (!shownTitle) shownTitle = cut(title, max - fixed);
  const parts = [`<b>${escapeHtml(shownTitle)}</b>`];
  if (shownExcerpt) parts.push(escapeHtml(shownExcerpt));
  parts.push(`<a href="${escapeHtml(url)}">${escapeHtml(linkText)}</a>`);
  const shownLength = [shownTitle, shownExcerpt, linkText].filter(Boolean).join("\n\n").length;
  return { html: parts.join("\n\n"), shownLength };
}

/** The text within `max` characters, cut at a word boundary with "…" when it is longer. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return "";
  const head = text.slice(0, max - 1);
  const atWord = head.replace(/\s+\S*$/, "");
  // Never split a surrogate pair (an emoji) in two.
  const kept = (atWord.length >= head.length / 2 ? atWord : head).replace(/[\uD800-\uDBFF]$/, "");
  return `${kept.trimEnd()}…`;
}
