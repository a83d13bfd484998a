import { SearchIcon } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { ClearFilters, FilterForm } from "~/components/admin/list/filter-form";
import { listQuery } from "~/components/admin/list/list-query";
import { NativeSelect } from "~/components/admin/list/native-select";
import { Pager } from "~/components/admin/list/pager";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { BROADCAST_STATES, CHANNEL_LABELS, STATE_LABELS } from "~/lib/broadcasts";
import { formatDateTime } from "~/lib/dates";
import type { BroadcastListQuery } from "~/lib/validation/admin/broadcasts";
import type { AdminBroadcastPage } from "~/lib/view-types/admin/broadcasts";
import { STATE_VARIANTS } from "./broadcast-texts";

/** Every broadcast, newest first: its state, way, audience, what became of its messages and when. */
export function BroadcastsTable({ query, page }: { query: BroadcastListQuery; page: AdminBroadcastPage }) {
  const filtered = query.state !== "all";
  const pageLink = (to: number) => listQuery({ state: filtered && query.state, page: to > 1 && to });
  return (
    <section aria-label="All broadcasts" className="grid gap-3">
      <FilterForm role="search" aria-label="Filter broadcasts" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="broadcast-state-filter">State</Label>
          <NativeSelect id="broadcast-state-filter" name="state" defaultValue={query.state} className="w-auto">
            <option value="all">All</option>
            {BROADCAST_STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_LABELS[state]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden="true" />
          Show
        </Button>
        <ClearFilters filtered={filtered} to="/admin/broadcasts" />
      </FilterForm>
      {page.rows.length === 0 ? (
        <EmptyState>
          {filtered
            ? "No broadcasts in this state."
            : "No broadcasts yet. Write one with New broadcast to reach members by the bot or by email."}
        </EmptyState>
      ) : (
        <Table aria-label="Broadcasts">
          <TableHeader>
            <TableRow>
              <TableHead>Subject</TableHead>
              <TableHead>State</TableHead>
              <TableHead>Way</TableHead>
              <TableHead>Audience</TableHead>
              <TableHead>Queued</TableHead>
              <TableHead>Sent</TableHead>
              <TableHead>Failed</TableHead>
              <TableHead>Blocked</TableHead>
              <TableHead>Written</TableHead>
              <TableHead>Scheduled</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell className="max-w-64 font-medium whitespace-normal">
                  <Link to={`/admin/broadcasts/${row.id}`} className="underline-offset-4 hover:underline">
                    {row.subject}
                  </Link>
                </TableCell>
                <TableCell label="State">
                  <Badge variant={STATE_VARIANTS[row.state]}>{STATE_LABELS[row.state]}</Badge>
                </TableCell>
                <TableCell label="Way">{CHANNEL_LABELS[row.channel]}</TableCell>
                <TableCell label="Audience" className="max-w-64 whitespace-normal">
                  {row.audience}
                </TableCell>
                <TableCell label="Queued" className="tabular-nums">
                  {row.progress.queued}
                </TableCell>
                <TableCell label="Sent" className="tabular-nums">
                  {row.progress.sent}
                </TableCell>
                <TableCell label="Failed" className="tabular-nums">
                  {row.progress.failed}
                </TableCell>
                <TableCell label="Blocked" className="tabular-nums">
                  {row.progress.blocked}
                </TableCell>
                <TableCell label="Written">{formatDateTime(row.createdAt)}</TableCell>
                <TableCell label="Scheduled">{row.scheduledAt ? formatDateTime(row.scheduledAt) : "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pager page={page.page} pageCount={page.pageCount} href={pageLink} />
    </section>
  );
}
