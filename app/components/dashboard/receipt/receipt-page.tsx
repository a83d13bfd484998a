import { PrinterIcon } from "lucide-react";
import { Link } from "react-router";
import { useBrand } from "~/components/site/use-brand";
import { Button } from "~/components/ui/button";
import { formatUsdt } from "~/lib/money";
import type { ReceiptView } from "~/lib/view-types/member";
import { formatDate, periodName } from "../format";
import { takenOffLines } from "../price-taken-off";

const kindTitle = { purchase: "Purchase", renewal: "Renewal", complimentary: "Complimentary plan" } as const;

/**
 * A receipt the member can keep: on screen a card with a print button and a way back, on paper
 * (print styles) only the receipt itself, black on white, without the site's chrome.
 */
export function ReceiptPage({ receipt }: { receipt: ReceiptView }) {
  const brand = useBrand();
  const lines: [string, React.ReactNode][] = [
    ["Invoice ID", <span className="font-mono">{receipt.invoiceId}</span>],
    ["Date", formatDate(receipt.issueDate)],
    ["Member", `${receipt.member.name} (${receipt.member.email})`],
    [receipt.plans.length === 1 ? "Plan" : "Plans", receipt.plans.join(", ")],
    ["Period", periodText(receipt)],
    ["Method", receipt.method],
    ...(receipt.orderReference ? [["Order", receipt.orderReference] as [string, React.ReactNode]] : []),
  ];
  return (
    <main className="mx-auto grid w-full max-w-2xl gap-6 p-4 sm:p-8 print:max-w-none print:p-0">
      <nav className="flex flex-wrap items-center justify-between gap-3 print:hidden" aria-label="Receipt">
        <Link
          to="/dashboard?section=billing-history"
          className="text-sm text-primary underline-offset-4 hover:underline"
        >
          ← Back to billing history
        </Link>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          Print
        </Button>
      </nav>
      <article
        data-slot="receipt"
        aria-labelledby="receipt-title"
        className={
          "grid gap-6 rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8 " +
          "print:rounded-none print:border-0 print:bg-white print:p-0 print:text-black " +
          "print:shadow-none"
        }
      >
        <header className="flex flex-wrap items-start justify-between gap-2 border-b pb-4 print:border-black">
          <div>
            <p className="text-lg font-bold" data-slot="receipt-business">
              {brand}
            </p>
            <h1 id="receipt-title" className="text-2xl font-bold tracking-tight">
              Receipt
            </h1>
          </div>
          <p className="text-sm text-muted-foreground print:text-black">{kindTitle[receipt.kind]}</p>
        </header>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[10rem_1fr] print:grid-cols-[10rem_1fr]">
          {lines.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-sm font-medium text-muted-foreground print:text-black">{term}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {receipt.takenOff ? (
          <dl
            data-slot="receipt-price"
            className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 border-t pt-4 print:border-black"
          >
            {takenOffLines(receipt.takenOff).map(([term, amount]) => (
              <div key={term} className="contents">
                <dt className="text-sm font-medium text-muted-foreground print:text-black">{term}</dt>
                <dd className="text-right tabular-nums">{amount}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <p className="flex items-baseline justify-between border-t pt-4 text-lg font-semibold print:border-black">
          <span>Amount paid</span>
          <span className="tabular-nums" data-slot="receipt-amount">
            {formatUsdt(BigInt(receipt.amount), { suffix: true })}
          </span>
        </p>
      </article>
    </main>
  );
}

/** "Monthly: Nov 27, 2026 – Dec 27, 2026"; lifetime never ends; older invoices may know only the period. */
function periodText(receipt: ReceiptView): string {
  const name = receipt.billingPeriod ? periodName[receipt.billingPeriod] : null;
  if (!receipt.period) return name ?? "—";
  const until = receipt.period.until ? formatDate(receipt.period.until) : "no end";
  return `${name ? `${name}: ` : ""}${formatDate(receipt.period.from)} – ${until}`;
}
