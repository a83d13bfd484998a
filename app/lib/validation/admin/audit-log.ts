import { z } from "zod";
import { optionalText } from "../fields";
import { listPage } from "../list-page";

/**
 * The audit log's filters, read from the page's query string: by staff member (the
 * label the row names them by: an email, `cli:…` or `ops-token`), by action and by target
 * (`plan` for every plan, `plan:3` for one). Empty fields mean "any".
 */
export const auditFilterSchema = z.object({
  who: optionalText("Staff member", 320),
  action: optionalText("Action", 100),
  target: optionalText("Target", 200),
  page: listPage(1_000_000),
});
export type AuditFilter = z.output<typeof auditFilterSchema>;

/** "plan:3" → type plan, id 3; "plan" → every plan. The id may itself hold colons. */
export function splitAuditTarget(target: string): { type: string; id?: string } {
  const at = target.indexOf(":");
  return at < 0 ? { type: target } : { type: target.slice(0, at), id: target.slice(at + 1) || undefined };
}

/** The query string of a filtered page: only the filters that are set, then the page. */
export function auditLogQuery(filter: Partial<AuditFilter>): string {
  const params = new URLSearchParams();
  if (filter.who) params.set("who", filter.who);
  if (filter.action) params.set("action", filter.action);
  if (filter.target) params.set("target", filter.target);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
