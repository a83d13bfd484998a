import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { BillingRow } from "~/lib/view-types/member";

/** The member's latest receipts: what was bought, when and for how much, with the invoice number. */
export function PortalReceipts({ receipts }: { receipts: BillingRow[] }) {
  return (
    <section aria-labelledby="portal-receipts" className="card">
      <h2 id="portal-receipts">Receipts</h2>
      {receipts.length === 0 ? <p className="hint">No receipts yet.</p> : null}
      <ul className="rows">
        {receipts.map((row) => (
          <li key={row.id} data-testid="portal-receipt">
            <h3>{row.description ?? row.paymentType}</h3>
            <p className="hint">
              {formatDate(row.issueDate)} · {formatUsdt(BigInt(row.totalAmount), { suffix: true })} · {row.invoiceId}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
