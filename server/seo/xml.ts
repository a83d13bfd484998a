/** Escapes text for XML element content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** A plain-text response for crawlers, cached briefly by browsers and proxies. */
export function crawlerResponse(body: string, contentType: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      // Short enough that a newly published post shows up within minutes.
      "Cache-Control": "public, max-age=300",
    },
  });
}
