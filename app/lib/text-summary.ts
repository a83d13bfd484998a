/**
 * The first words of an HTML body as plain text, at most `max` characters, cut at a word and
 * marked "…" when cut: a page's description when its author wrote none (search results and link
 * previews show an empty one as nothing, or as whatever text they pick). Bodies are sanitized
 * HTML, so tags and the usual entities are all there is to undo.
 */
export function summarizeHtml(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&#x0*27;|&apos;/gi, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, "")}…`;
}
