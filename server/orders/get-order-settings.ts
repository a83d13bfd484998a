import { ORDER_LIFETIME_DAYS, ORDER_PRICE_HOLD_HOURS, type OrderSettings } from "~/lib/orders";
import type { DbOrTx } from "../db/client.ts";
import { orderSettings } from "../db/schema.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * The order settings in force: the owner's row, or the starting values when it is missing (a
 * database restored from before the row existed), so an order is never made without a hold.
 */
export async function getOrderSettings(options: { db: DbOrTx }): Promise<OrderSettings> {
  const [row] = await options.db
    .select({ priceHoldHours: orderSettings.priceHoldHours, lifetimeDays: orderSettings.lifetimeDays })
    .from(orderSettings)
    .limit(1);
  return row ?? { priceHoldHours: ORDER_PRICE_HOLD_HOURS, lifetimeDays: ORDER_LIFETIME_DAYS };
}

/** When prices held from `now` lapse, under these settings. */
export const priceHoldEnd = (settings: OrderSettings, now: Date) =>
  new Date(now.getTime() + settings.priceHoldHours * HOUR_MS);

/** When an order made at `now` expires, under these settings. */
export const orderExpiry = (settings: OrderSettings, now: Date) =>
  new Date(now.getTime() + settings.lifetimeDays * 24 * HOUR_MS);
