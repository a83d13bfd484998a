import { SearchIcon, UserRoundIcon } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { FilterForm } from "~/components/admin/list/filter-form";
import { listQuery } from "~/components/admin/list/list-query";
import { NativeSelect } from "~/components/admin/list/native-select";
import { Pager } from "~/components/admin/list/pager";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDateTime } from "~/lib/dates";
import { INBOX_SEARCH_MAX, type InboxFilter } from "~/lib/validation/admin/inbox";
import { INBOX_STATUS_LABELS, INBOX_STATUSES, type InboxPage } from "~/lib/view-types/admin/inbox";
import { InboxStatusBadge } from "./inbox-status-badge";

/** The filters as a query string, for the page links (defaults left out). */
function queryOf(filter: InboxFilter, page: number) {
  return listQuery({
    q: filter.q,
    status: filter.status !== "active" && filter.status,
    assigned: filter.assigned !== "anyone" && filter.assigned,
    page,
  });
}

/**
 * Every contact message, newest first: search by sender or text, filter by status (not closed by
 * default) and by assignment, pages of 30. Each row opens the message; its text is shown as text.
 */
export function InboxList({ filter, page }: { filter: InboxFilter; page: InboxPage }) {
  return (
    <section aria-labelledby="inbox-messages" className="grid gap-3">
      <h2 id="inbox-messages" className="sr-only">
        Messages
      </h2>
      <FilterForm role="search" aria-label="Messages" className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor="inbox-search">Search</Label>
          <Input
            id="inbox-search"
            name="q"
            type="search"
            placeholder="Email, name or text"
            defaultValue={filter.q}
            maxLength={INBOX_SEARCH_MAX}
            autoComplete="off"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="inbox-status">Status</Label>
          <NativeSelect id="inbox-status" name="status" defaultValue={filter.status} className="w-auto">
            <option value="active">Not closed</option>
            {INBOX_STATUSES.map((status) => (
              <option key={status} value={status}>
                {INBOX_STATUS_LABELS[status]}
              </option>
            ))}
            <option value="all">All</option>
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="inbox-assigned">Assigned</Label>
          <NativeSelect id="inbox-assigned" name="assigned" defaultValue={filter.assigned} className="w-auto">
            <option value="anyone">Anyone</option>
            <option value="mine">Mine</option>
            <option value="unassigned">Unassigned</option>
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden="true" />
          Show
        </Button>
      </FilterForm>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {page.total === 1 ? "1 message" : `${page.total.toLocaleString("en-US")} messages`}
      </p>
      {page.rows.length > 0 ? (
        <ul className="grid gap-2" aria-label="Contact messages">
          {page.rows.map((row) => (
            <li key={row.id}>
              <Link
                to={`/admin/inbox/${row.id}`}
                className={
                  "grid gap-1 rounded-lg border p-3 text-sm hover:bg-accent focus-visible:ring-[3px] " +
                  "focus-visible:ring-ring/50 focus-visible:outline-none"
                }
              >
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <InboxStatusBadge status={row.status} />
                  <span className="font-medium break-all">{row.name}</span>
                  <span className="break-all text-muted-foreground">{row.email}</span>
                  {row.memberId ? (
                    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                      <UserRoundIcon aria-hidden="true" className="size-3" />
                      Member
                    </span>
                  ) : null}
                  <time dateTime={row.createdAt} className="ml-auto text-xs text-muted-foreground tabular-nums">
                    {formatDateTime(row.createdAt)}
                  </time>
                </span>
                <span className="break-words whitespace-pre-line">{row.excerpt}</span>
                <span className="text-xs text-muted-foreground">
                  {row.assignee ? `Assigned to ${row.assignee}` : "Unassigned"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState className="text-sm">No messages here.</EmptyState>
      )}
      <Pager
        aria-label="Message pages"
        page={page.page}
        pageCount={page.pageCount}
        href={(to) => queryOf(filter, to)}
      />
    </section>
  );
}
