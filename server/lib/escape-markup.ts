// The one escaper for text written into markup by hand (email bodies, seeded article HTML, the
// sitemap and the RSS feed). HTML that people write is not escaped but sanitized
// (content/sanitize.ts).

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
// &apos; is XML's own entity; HTML 4 and some email clients do not know it, so HTML gets &#39;.
const XML_ENTITIES: Record<string, string> = { ...HTML_ENTITIES, "'": "&apos;" };

function escapeMarkup(text: string, entities: Record<string, string>): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return escapeMarkup(text, HTML_ENTITIES);
}

/** Escapes text for XML element content and attribute values. */
export function escapeXml(text: string): string {
  return escapeMarkup(text, XML_ENTITIES);
}
