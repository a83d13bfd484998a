/** What one webhook event did; the web layer acts on it once the transaction committed. */
export type StripeEventOutcome =
  | { outcome: "replayed" | "ignored" }
  /**
   * The balance was credited: the member's open order may now be covered. `credit` is its ledger
   * reference and its message (held while an order is open), for the completion that follows.
   */
  | {
      outcome: "credited";
      memberId: string;
      orderId: string | null;
      credit: { reference: string; notificationId: string | null };
    }
  /** A refund was debited; `flagged` when the balance could not cover all of it. */
  | { outcome: "refunded"; memberId: string; flagged: boolean }
  | { outcome: "disputed"; memberId: string; flagged: boolean };
