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
