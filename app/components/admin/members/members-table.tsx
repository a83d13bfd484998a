import { ArrowDown, ArrowUp } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "~/components/admin/list/empty-state";
import { MemberLink } from "~/components/admin/list/member-cell";
import { Pager } from "~/components/admin/list/pager";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import { isFiltered, memberListQuery, type MemberListQuery, type MemberSort } from "~/lib/validation/admin/members";
import type { MemberListPage, MemberListRow } from "~/lib/view-types/admin/members";

/** A column header that sorts by it: first click its natural order, the next the other way. */
function SortHeader({ query, sort, children }: { query: MemberListQuery; sort: MemberSort; children: string }) {
  const active = query.sort === sort;
  const natural = sort === "joined" ? "desc" : "asc";
  const dir = active ? (query.dir === "asc" ? "desc" : "asc") : natural;
  const Arrow = query.dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link
        to={memberListQuery({ ...query, sort, dir, page: 1 }) || "?"}
        className="inline-flex items-center gap-1 underline-offset-4 hover:underline"
      >
        {children}
        {active ? <Arrow className="size-3.5" aria-hidden="true" /> : null}
        <span className="sr-only">
          , sort{" "}
          {dir === "asc"
            ? sort === "joined"
              ? "oldest first"
              : "ascending"
            : sort === "joined"
              ? "newest first"
              : "descending"}
        </span>
      </Link>
    </TableHead>
  );
}

function fullName(row: MemberListRow) {
  return `${row.firstName} ${row.lastName}`.trim() || "No name";
}

/** An estimate to two significant figures (about 98 000, not "about 98 213"): it is no more precise. */
function about(n: number) {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(n, 1))) - 1);
  return `about ${(Math.round(n / unit) * unit).toLocaleString("en-US")}`;
}

/** One page of members, each linking to their member page, and the pages around it (keeping the filters). */
export function MembersTable({ list, query }: { list: MemberListPage; query: MemberListQuery }) {
  const { rows, page, pageCount, total, totalEstimated, pageSize } = list;
  if (rows.length === 0) {
    return (
      <EmptyState>
        {isFiltered(query) ? "No members match this search and these filters." : "No members yet."}
      </EmptyState>
    );
  }
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      <Table aria-label="Members">
        <TableHeader>
          <TableRow>
            <SortHeader query={query} sort="email">
              Member
            </SortHeader>
            <TableHead>Telegram</TableHead>
            <TableHead>Active plans</TableHead>
            <SortHeader query={query} sort="balance">
              Balance
            </SortHeader>
            <SortHeader query={query} sort="joined">
              Signed up
            </SortHeader>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="max-w-72 whitespace-normal">
                <MemberLink userId={row.id} className="font-medium">
                  {row.email}
                </MemberLink>
                <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                  {fullName(row)}
                  {row.staffRole ? <Badge variant="secondary">Staff: {row.staffRole}</Badge> : null}
                  {row.banned ? <Badge variant="destructive">Banned</Badge> : null}
                  {row.deleted ? <Badge variant="destructive">Deleted</Badge> : null}
                </span>
              </TableCell>
              <TableCell label="Telegram">
                {row.telegramUsername ? `@${row.telegramUsername}` : <span className="text-muted-foreground">—</span>}
                {row.telegramVerified ? (
                  <Badge variant="success" className="ml-2">
                    Verified
                  </Badge>
                ) : (
                  <span className="ml-2 text-xs text-muted-foreground">not verified</span>
                )}
              </TableCell>
              <TableCell label="Active plans" className="whitespace-normal">
                {row.activePlans.length > 0 ? (
                  row.activePlans.join(", ")
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </TableCell>
              <TableCell label="Balance" className="tabular-nums">
                {formatUsdt(BigInt(row.balance), { suffix: true })}
              </TableCell>
              <TableCell label="Signed up" className="tabular-nums">
                {formatDate(row.joinedAt)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager always page={page} pageCount={pageCount} href={(to) => memberListQuery({ ...query, page: to }) || "?"}>
        {first.toLocaleString("en-US")}–{(first + rows.length - 1).toLocaleString("en-US")} of{" "}
        {totalEstimated ? about(total) : total.toLocaleString("en-US")} · page {page} of{" "}
        {totalEstimated ? about(pageCount) : pageCount}
      </Pager>
    </>
  );
}
