import { microToCentsUp } from "~/lib/card-payments";
import type { CardCheckoutRequest } from "~/lib/validation/dashboard/card-checkout";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import { getOpenOrder } from "../orders/get-open-order.ts";
import type { CardCheckoutPayment } from "./create-card-checkout.ts";

/**
 * What a "Pay by card" request pays: the top-up the member chose, or what is still due on their
 * open order, worked out at this moment (total less balance, rounded up to the cent). An order
 * that is not pending, whose prices changed and wait for the member's acceptance, or that the
 * balance already covers is refused before Stripe is asked for anything.
 */
export async function cardCheckoutPayment({
  db,
  userId,
  request,
}: {
  db: Db;
  userId: string;
  request: CardCheckoutRequest;
}): Promise<CardCheckoutPayment> {
  if (request.purpose === "top_up") return { purpose: "top_up", cents: request.amount * 100 };
  const open = await getOpenOrder({ db, userId });
  if (!open || open.order.status !== "pending") throw new AppError("NOT_FOUND", "You have no open order to pay.");
  if (open.order.repriced)
    throw new AppError("CONFLICT", "The order's prices changed: accept the new total before paying.");
  const due = BigInt(open.due);
  if (due === 0n) throw new AppError("CONFLICT", "Your balance already covers this order.");
  return {
    purpose: "order",
    orderId: open.order.id,
    cents: microToCentsUp(due),
    description: `order ${open.order.reference}`,
  };
}
