import { EmptyState } from "~/components/admin/list/empty-state";
import { Pager } from "~/components/admin/list/pager";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDate, formatDateTime } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { MemberMoneyView } from "~/lib/view-types/admin/members";
import { MemberBalanceDialog } from "./member-balance-dialog";
import { MemberSection } from "./member-section";

const usdt = (micro: string, sign = false) => formatUsdt(BigInt(micro), { suffix: true, sign });

/** The ledger's pages keep the address's other parameters. */
function ledgerHref(search: string, page: number) {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("ledger");
  else params.set("ledger", String(page));
  const query = params.toString();
  return query ? `?${query}#member-money-title` : "?#member-money-title";
}

/** The balance and the whole ledger (paged, newest first), deposits linked to the explorer, and invoices. */
export function MemberMoneySection({
  money,
  search,
  adjustFor,
}: {
  money: MemberMoneyView;
  search: string;
  /** The member's id when the staff member may credit and debit (money.write). */
  adjustFor: string | null;
}) {
  const { ledger } = money;
  return (
    <MemberSection id="member-money" title="Money">
      <p className="text-sm">
        Balance: <strong className="tabular-nums">{usdt(money.balance)}</strong>
      </p>
      {adjustFor ? (
        <div className="flex flex-wrap gap-2">
          <MemberBalanceDialog memberId={adjustFor} direction="credit" />
          <MemberBalanceDialog memberId={adjustFor} direction="debit" />
        </div>
      ) : null}
      <h3 className="font-medium">Ledger</h3>
      {ledger.rows.length === 0 ? (
        <EmptyState className="text-sm">No balance changes yet.</EmptyState>
      ) : (
        <>
          <Table aria-label="Ledger">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Kind</TableHead>
                <TableHead>Amount</TableHead>
                <TableHead>Reference</TableHead>
                <TableHead>Memo</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {ledger.rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell label="Date" className="tabular-nums">
                    {formatDateTime(row.createdAt)}
                  </TableCell>
                  <TableCell label="Kind">{row.kind}</TableCell>
                  <TableCell label="Amount" className="tabular-nums">
                    {usdt(row.amount, true)}
                  </TableCell>
                  <TableCell label="Reference" className="break-all whitespace-normal">
                    <code className="text-xs">{row.reference}</code>
                  </TableCell>
                  <TableCell label="Memo" className="whitespace-normal">
                    {row.memo ?? <span className="text-muted-foreground">—</span>}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager
            always
            aria-label="Ledger pages"
            page={ledger.page}
            pageCount={ledger.pageCount}
            href={(to) => ledgerHref(search, to)}
            previous="Newer"
            next="Older"
          >
            Page {ledger.page} of {ledger.pageCount} · {ledger.total} {ledger.total === 1 ? "entry" : "entries"}
          </Pager>
        </>
      )}
      <h3 className="font-medium">Deposits</h3>
      {money.deposits.length === 0 ? (
        <EmptyState className="text-sm">No deposits.</EmptyState>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label="Deposits">
          {money.deposits.map((d) => (
            <li key={d.id} className="rounded-md border p-3">
              <span className="font-medium tabular-nums">{usdt(d.amount)}</span> ·{" "}
              <span className="tabular-nums">{formatDateTime(d.blockTimestamp)}</span>
              <br />
              <a
                href={d.explorerUrl}
                target="_blank"
                rel="noreferrer noopener"
                className="break-all underline underline-offset-4"
              >
                {d.txId}
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3 className="font-medium">Billing history</h3>
      {money.invoices.length === 0 ? (
        <EmptyState className="text-sm">No invoices.</EmptyState>
      ) : (
        <ul className="grid gap-2 text-sm" aria-label="Billing history">
          {money.invoices.map((i) => (
            <li key={i.id} className="flex flex-wrap items-center gap-2 rounded-md border p-3">
              <code className="text-xs">{i.invoiceId}</code>
              <span className="tabular-nums">{formatDate(i.issueDate)}</span>
              <span className="tabular-nums">{i.amount === null ? usdt(i.totalAmount) : usdt(i.amount, true)}</span>
              <Badge variant={i.status === "paid" ? "success" : i.status === "failed" ? "destructive" : "outline"}>
                {i.status}
              </Badge>
              {i.description ? <span className="text-muted-foreground">{i.description}</span> : null}
              {i.creditNote ? (
                <span data-slot="invoice-credit" className="basis-full text-muted-foreground">
                  {`${i.creditNote}: \u2212${usdt(i.creditAmount)}`}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </MemberSection>
  );
}
