import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth-schema.ts";
import { createdAt } from "./columns.ts";

/**
 * Devices a member has signed in from: one row per browser + OS + address prefix,
 * kept as a keyed hash (server/auth/sessions/note-sign-in-device.ts) so the table reveals neither the
 * address nor the user agent. A sign-in from a device not in here mails the member.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deviceKey: text("device_key").notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceKey] })],
);
