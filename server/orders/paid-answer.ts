import type { OrderPaidAnswer } from "~/lib/billing/money-messages";
import type { CompleteOrderResult } from "./complete-covered-order.ts";

/**
 * What an action that may complete the member's order answers: whether it was paid and, if so,
 * what it paid for and what is left (micro-USDT strings), so the page says it from these facts.
 */
export function paidAnswer(completion: CompleteOrderResult): OrderPaidAnswer {
  if (completion.status !== "paid") return { paid: false };
  return { paid: true, paidOrder: completion.paid, balance: completion.newBalance };
}
