import { MemberLink } from "~/components/admin/list/member-cell";
import { Badge } from "~/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatTimestamp } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { UncreditedTransfer, UncreditedTransfers } from "~/lib/view-types/admin/money-deposits";
import { Address, TxLink } from "./deposit-rows";

const REASONS: Record<string, { label: string; why: string }> = {
  unconfirmed: { label: "Unconfirmed", why: "its block is not confirmed yet; credited once it is" },
  other_token: { label: "Another token", why: "not USDT: this site only accepts USDT TRC-20" },
  zero_amount: { label: "Zero amount", why: "a transfer of nothing, usually address-poisoning spam" },
};

/** The amount in USDT when the token is USDT; another token's raw units otherwise (its decimals are unknown). */
function amountOf(row: UncreditedTransfer, usdtContract: string) {
  if (row.amount === null) return "Unknown";
  if (row.tokenContract === null || row.tokenContract === usdtContract)
    return formatUsdt(BigInt(row.amount), { suffix: true });
  return `${BigInt(row.amount).toLocaleString("en-US")} units`;
}

/** Transfers seen to members' addresses and not credited, with the reason. */
export function UncreditedTransfersTable({
  uncredited,
  usdtContract,
}: {
  uncredited: UncreditedTransfers;
  usdtContract: string;
}) {
  const { rows, total } = uncredited;
  return (
    <section aria-labelledby="uncredited-transfers" className="grid gap-3">
      <div>
        <h2 id="uncredited-transfers" className="text-lg font-semibold">
          Seen but not credited
        </h2>
        <p className="text-sm text-muted-foreground">
          Transfers to members’ deposit addresses the watcher did not credit.
          {total > rows.length ? ` The newest ${rows.length} of ${total.toLocaleString("en-US")}.` : ""}
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="text-muted-foreground">None.</p>
      ) : (
        <Table aria-label="Transfers not credited">
          <TableHeader>
            <TableRow>
              <TableHead>Seen</TableHead>
              <TableHead>Reason</TableHead>
              <TableHead>Member</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Transaction</TableHead>
              <TableHead>Token</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => {
              const reason = REASONS[row.reason] ?? { label: row.reason, why: "" };
              return (
                <TableRow key={row.id}>
                  <TableCell label="Seen" className="tabular-nums">
                    {formatTimestamp(row.seenAt)}
                  </TableCell>
                  <TableCell label="Reason" className="max-w-64 whitespace-normal">
                    <Badge variant={row.reason === "unconfirmed" ? "warning" : "outline"}>{reason.label}</Badge>
                    {reason.why ? <span className="block text-xs text-muted-foreground">{reason.why}</span> : null}
                  </TableCell>
                  <TableCell label="Member" className="max-w-64 whitespace-normal">
                    {row.userId ? (
                      <MemberLink userId={row.userId}>{row.email ?? row.userId}</MemberLink>
                    ) : (
                      <span className="text-muted-foreground">Account deleted</span>
                    )}
                    <span className="block">
                      <Address value={row.toAddress} />
                    </span>
                  </TableCell>
                  <TableCell label="Amount" className="text-right tabular-nums max-sm:text-left">
                    {amountOf(row, usdtContract)}
                  </TableCell>
                  <TableCell label="Transaction">
                    <TxLink txId={row.txId} href={row.explorerUrl} eventIndex={row.eventIndex} />
                  </TableCell>
                  <TableCell label="Token" className="max-w-56 whitespace-normal">
                    {row.tokenContract === null ? (
                      "Unknown"
                    ) : row.tokenContract === usdtContract ? (
                      "USDT"
                    ) : (
                      <Address value={row.tokenContract} />
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
