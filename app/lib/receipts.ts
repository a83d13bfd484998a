/**
 * The member's receipt page of an invoice: the billing history links it, and the purchase and
 * renewal emails put the site's public origin before it.
 */
export function receiptPath(invoiceId: string): string {
  return `/dashboard/receipts/${encodeURIComponent(invoiceId)}`;
}
