import { formatUsdt } from "../../app/lib/money.ts";
import { postLedgerEntry } from "../billing/ledger.ts";
import type { Db } from "../db/client.ts";
import { billingHistory, chainDeposits } from "../db/schema.ts";
import { getLogger } from "../lib/logger.ts";
import { enqueueNotification } from "../notifications/enqueue-notification.ts";
import { completeCoveredOrder, type CompleteOrderResult } from "../orders/complete-covered-order.ts";
import type { TransferEvent } from "./trongrid-client.ts";

/** The ledger reference of a chain transfer: unique, so a replay never credits twice. */
export function depositReference(event: Pick<TransferEvent, "txId" | "eventIndex">) {
  return `tron:${event.txId}:${event.eventIndex}`;
}

/** The ledger reference of a simulated deposit (outside production): never mistaken for a transfer. */
export function simulatedDepositReference(event: Pick<TransferEvent, "txId" | "eventIndex">) {
  return `simulated:${event.txId}:${event.eventIndex}`;
}

/**
 * Credits one confirmed USDT transfer to a member, exactly once per (transaction, event index):
 * the chain_deposits row, the ledger entry and balance, a paid billing row and a
 * `deposit_credited` notification, all in one transaction. A replay (the same event read
 * again, or credited concurrently by another instance) finds the chain_deposits row taken and
 * writes nothing. Any positive amount is credited; a zero-value transfer is ignored. With
 * `notify: false` (dust below MIN_DEPOSIT_USDT) no notification is queued: tiny transfers are
 * how address-poisoning spam arrives, and each would otherwise send the member an email.
 *
 * Then, in a transaction of its own, the member's open order is purchased when the balance now
 * covers it: the credit has committed by then, so a completion that fails loses nothing (the
 * orders job tries again). The deposit's message waits while an order is open and the
 * completion folds it into the order's confirmation: one message says what arrived, what it paid
 * and what is left. `completion` is what became of the order (absent when nothing was credited
 * or the completion failed).
 */
export async function creditDeposit(options: {
  db: Db;
  event: TransferEvent;
  userId: string;
  /** Queue the `deposit_credited` notification (default true). */
  notify?: boolean;
  /**
   * A deposit made up by "Simulate a deposit" outside production: the same rows, marked as
   * simulated in the ledger reference, its memo and the billing row, so no one takes it for money.
   */
  simulated?: boolean;
  /** When the order's completion happens (tests); now by default. */
  now?: Date;
}): Promise<{ credited: boolean; completion?: CompleteOrderResult }> {
  const { db, userId } = options;
  const credit = await creditInTransaction(options);
  if (!credit) return { credited: false };
  try {
    const completion = await completeCoveredOrder({ db, userId, credit, now: options.now });
    return { credited: true, completion };
  } catch (error) {
    getLogger().error({ err: error, userId }, "deposit credited; completing the member's order failed");
    return { credited: true };
  }
}

/** The credit itself (see creditDeposit): the ledger reference and the message it queued, or null for none. */
async function creditInTransaction(
  options: Parameters<typeof creditDeposit>[0],
): Promise<{ reference: string; notificationId: string | null } | null> {
  const simulated = options.simulated ?? false;
  const { db, event, userId } = options;
  if (event.amount <= 0n) return null;
  return db.transaction(async (tx) => {
    // The unique (tx_id, event_index) index makes a concurrent duplicate wait for the first
    // transaction and then do nothing, so at most one of them goes on.
    const claimed = await tx
      .insert(chainDeposits)
      .values({
        txId: event.txId,
        eventIndex: event.eventIndex,
        userId,
        toAddress: event.to,
        fromAddress: event.from,
        amount: event.amount,
        blockNumber: event.blockNumber,
        blockTimestamp: new Date(event.blockTimestamp),
      })
      .onConflictDoNothing({ target: [chainDeposits.txId, chainDeposits.eventIndex] })
      .returning({ id: chainDeposits.id });
    if (claimed.length === 0) return null;

    const reference = simulated ? simulatedDepositReference(event) : depositReference(event);
    const ledger = await postLedgerEntry({
      tx,
      userId,
      kind: "deposit",
      amount: event.amount,
      reference,
      memo: simulated
        ? "Simulated deposit (outside production; no transfer on chain)"
        : `USDT TRC-20 deposit, transaction ${event.txId}`,
    });
    // Only possible if the ledger row was written outside this path (e.g. chain_deposits
    // cleared by hand): the balance already holds the money, so add nothing else.
    if (!ledger.inserted) return null;

    const billing = {
      userId,
      totalAmount: event.amount,
      paymentType: simulated ? "Simulated deposit" : "USDT TRC-20",
      status: "paid" as const,
      description: simulated ? "Simulated deposit" : "Deposit",
      // No explorer link for a transfer that never happened.
      txHash: simulated ? null : event.txId,
      issueDate: new Date(event.blockTimestamp),
      ledgerReference: reference,
    };
    const inserted = await tx
      .insert(billingHistory)
      .values({
        ...billing,
        invoiceId: `${simulated ? "SIM" : "DEP"}-${event.txId.slice(0, 10).toUpperCase()}-${event.eventIndex}`,
      })
      .onConflictDoNothing({ target: billingHistory.invoiceId })
      .returning({ id: billingHistory.id });
    if (inserted.length === 0) {
      // Two transactions sharing their first 10 hex digits (1 in 2^40 per pair): fall back to
      // the full id rather than leave a deposit the watcher can never credit.
      await tx.insert(billingHistory).values({
        ...billing,
        invoiceId: `${simulated ? "SIM" : "DEP"}-${event.txId.toUpperCase()}-${event.eventIndex}`,
      });
    }

    const notificationId =
      (options.notify ?? true)
        ? await enqueueNotification({
            tx,
            userId,
            kind: "deposit_credited",
            payload: { amount: formatUsdt(event.amount), balance: formatUsdt(ledger.balance), txId: event.txId },
            holdWhileOrderOpen: true,
          })
        : null;
    return { reference, notificationId };
  });
}
