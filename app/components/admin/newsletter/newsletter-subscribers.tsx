import { SearchIcon } from "lucide-react";
import { FilterForm } from "~/components/admin/list/filter-form";
import { listQuery } from "~/components/admin/list/list-query";
import { NativeSelect } from "~/components/admin/list/native-select";
import { Pager } from "~/components/admin/list/pager";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { NEWSLETTER_SEARCH_MAX, type NewsletterFilter } from "~/lib/validation/admin/newsletter";
import type {
  NewsletterSubscriberPage,
  NewsletterSubscriberRow,
  SubscriberStatus,
} from "~/lib/view-types/admin/newsletter";

const STATUS_LABELS: Record<SubscriberStatus, string> = {
  confirmed: "Confirmed",
  pending: "Pending",
  unsubscribed: "Unsubscribed",
};
const STATUS_VARIANTS = { confirmed: "success", pending: "warning", unsubscribed: "outline" } as const;
const day = (iso: string | null) => (iso ? formatDate(iso) : "—");

/** The subscriber list: search by address, filter by status, pages of 50, and unsubscribe on request. */
export function NewsletterSubscribers({
  filter,
  page,
  canWrite,
  busy,
  onUnsubscribe,
}: {
  filter: NewsletterFilter;
  page: NewsletterSubscriberPage;
  canWrite: boolean;
  busy: boolean;
  onUnsubscribe: (subscriberId: number) => void;
}) {
  const pageLink = (to: number) =>
    listQuery({ q: filter.q, status: filter.status !== "all" && filter.status, page: to });
  return (
    <section aria-labelledby="newsletter-subscribers" className="grid gap-3">
      <h2 id="newsletter-subscribers" className="text-lg font-semibold">
        Subscribers
      </h2>
      <FilterForm role="search" aria-label="Subscribers" className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-56 flex-1 gap-1.5">
          <Label htmlFor="subscriber-search">Email contains</Label>
          <Input
            id="subscriber-search"
            name="q"
            type="search"
            defaultValue={filter.q}
            maxLength={NEWSLETTER_SEARCH_MAX}
            autoComplete="off"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="subscriber-status">Status</Label>
          <NativeSelect id="subscriber-status" name="status" defaultValue={filter.status} className="w-auto">
            <option value="all">All</option>
            <option value="confirmed">Confirmed</option>
            <option value="pending">Pending</option>
            <option value="unsubscribed">Unsubscribed</option>
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden="true" />
          Show
        </Button>
      </FilterForm>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {page.total === 1 ? "1 subscriber" : `${page.total.toLocaleString("en-US")} subscribers`}
        {filter.q || filter.status !== "all" ? " match" : ""}
      </p>
      {page.rows.length > 0 ? (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Email</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Since</TableHead>
              {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.rows.map((row) => (
              <SubscriberRow
                key={row.id}
                row={row}
                canWrite={canWrite}
                busy={busy}
                onUnsubscribe={() => onUnsubscribe(row.id)}
              />
            ))}
          </TableBody>
        </Table>
      ) : null}
      <Pager aria-label="Subscriber pages" page={page.page} pageCount={page.pageCount} href={pageLink} />
    </section>
  );
}

function SubscriberRow({
  row,
  canWrite,
  busy,
  onUnsubscribe,
}: {
  row: NewsletterSubscriberRow;
  canWrite: boolean;
  busy: boolean;
  onUnsubscribe: () => void;
}) {
  return (
    <TableRow>
      <TableCell className="font-medium break-all whitespace-normal">{row.email}</TableCell>
      <TableCell>
        <Badge variant={STATUS_VARIANTS[row.status]}>{STATUS_LABELS[row.status]}</Badge>
      </TableCell>
      <TableCell label="Since" className="tabular-nums">
        {row.status === "unsubscribed" ? `left ${day(row.unsubscribedAt)}` : day(row.confirmedAt ?? row.createdAt)}
      </TableCell>
      {canWrite ? (
        <TableCell className="text-right">
          {row.status !== "unsubscribed" ? (
            <ConfirmDialog
              trigger={
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  aria-label={`Unsubscribe ${row.email}`}
                >
                  Unsubscribe
                </Button>
              }
              title={`Unsubscribe ${row.email}?`}
              description={
                "Do this when the owner of the address asks. No more new-post emails go to it; only they " +
                "can subscribe again, from the blog."
              }
              confirm="Unsubscribe"
              destructive
              onConfirm={onUnsubscribe}
            />
          ) : null}
        </TableCell>
      ) : null}
    </TableRow>
  );
}
