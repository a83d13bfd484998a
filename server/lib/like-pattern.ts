/**
 * A case-insensitive "contains" pattern for ILIKE with the term's own wildcards (`%`, `_`) and
 * the escape character taken literally: a search for "50%" finds "50%", not everything.
 * PostgreSQL's default LIKE escape is the backslash, so no ESCAPE clause is needed.
 */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** A "starts with" pattern, for prefix matches an index on the column can serve. */
export function prefixPattern(term: string): string {
  return `${escapeLike(term)}%`;
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}
