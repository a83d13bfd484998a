/** A value a list keeps in its address; empty ones are left out. */
export type ListParam = string | number | boolean | null | undefined;

/**
 * A list's state as a query string for its links (`?q=anna&page=2`, or `?` when nothing is set):
 * empty strings, `null`, `undefined` and `false` stay out, so a link reads like the filter form's
 * own submission, and `true` is written as `1`, the value of the filters' checkboxes.
 */
export function listQuery(params: Record<string, ListParam>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || value === "" || value === false) continue;
    search.set(name, value === true ? "1" : String(value));
  }
  return `?${search}`;
}
