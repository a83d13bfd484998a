/** Longest search term honoured; longer input is cut, never refused. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * The term a search runs with: trimmed, inner white space made single (as in the searched
 * text) and bounded. Blank means "no search".
 */
export function normalizeSearch(query: string | null | undefined): string {
  return (query ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_LENGTH).trim();
}

/** The blog list URL for a term and a page count (page 1 and a blank term stay out of the URL). */
export function blogListHref(options: { q?: string; page?: number }) {
  const params = new URLSearchParams();
  const q = normalizeSearch(options.q);
  if (q) params.set("q", q);
  if (options.page && options.page > 1) params.set("page", String(options.page));
  const search = params.toString();
  return search ? `/blog?${search}` : "/blog";
}
