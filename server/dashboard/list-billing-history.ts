import { desc, eq } from "drizzle-orm";
import type { BillingRow } from "~/lib/view-types/member";
import type { DbOrTx } from "../db/client.ts";
import { billingHistory } from "../db/schema.ts";

/** The member's billing history: their own rows, newest first. */
export async function listBillingHistory(options: { db: DbOrTx; userId: string }): Promise<BillingRow[]> {
  const { db, userId } = options;
  const rows = await db
    .select({
      id: billingHistory.id,
      invoiceId: billingHistory.invoiceId,
      issueDate: billingHistory.issueDate,
      totalAmount: billingHistory.totalAmount,
      paymentType: billingHistory.paymentType,
      status: billingHistory.status,
      description: billingHistory.description,
    })
    .from(billingHistory)
    .where(eq(billingHistory.userId, userId))
    .orderBy(desc(billingHistory.issueDate), desc(billingHistory.invoiceId));
  return rows.map((row) => ({
    ...row,
    issueDate: row.issueDate.toISOString(),
    totalAmount: row.totalAmount.toString(),
  }));
}
