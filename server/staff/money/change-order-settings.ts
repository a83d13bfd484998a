import { sql } from "drizzle-orm";
import type { OrderSettings } from "~/lib/orders";
import { plural } from "~/lib/plural";
import { orderSettingsMessages } from "~/lib/validation/admin/order-settings";
import type { Db } from "../../db/client.ts";
import { orderSettings } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { getOrderSettings } from "../../orders/get-order-settings.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

/** The audit target of the order settings (their history on Money → Orders). */
export const ORDER_SETTINGS_TARGET = { type: "order-settings", id: "orders" } as const;

/**
 * An owner sets how long new orders' prices are held and how long they stay open (the input
 * already checked by the form's schema; the table's CHECK holds the same bounds). Orders already
 * made keep the times they were given: a member is never told one deadline and held to another.
 * The change and its audit row are one transaction; the row is locked so two owners saving at
 * once each see the other's values as "before". Saving the values in force is refused, so the
 * history holds only changes.
 */
export async function changeOrderSettings(options: {
  db: Db;
  actor: StaffActor;
  settings: OrderSettings;
  now?: Date;
}): Promise<OrderSettings> {
  const { db, actor, settings } = options;
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from order_settings where id = 1 for update`);
    const before = await getOrderSettings({ db: tx });
    if (before.priceHoldHours === settings.priceHoldHours && before.lifetimeDays === settings.lifetimeDays)
      throw new AppError("CONFLICT", orderSettingsMessages.unchanged);
    const values = { priceHoldHours: settings.priceHoldHours, lifetimeDays: settings.lifetimeDays, updatedAt: now };
    await tx
      .insert(orderSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: orderSettings.id, set: values });
    await recordAuditEvent({
      tx,
      actor,
      action: "settings.orders",
      target: ORDER_SETTINGS_TARGET,
      summary: `Orders: prices held ${plural(settings.priceHoldHours, "hour")}, open ${plural(settings.lifetimeDays, "day")}`,
      before: { ...before },
      after: { priceHoldHours: settings.priceHoldHours, lifetimeDays: settings.lifetimeDays },
      now,
    });
    return { priceHoldHours: settings.priceHoldHours, lifetimeDays: settings.lifetimeDays };
  });
}
