import { bigint, timestamp } from "drizzle-orm/pg-core";

// Column helpers shared by the schema files.
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Money is integer micro-USDT (1 USDT = 1_000_000), read into JS as bigint. */
export const micro = (name: string) => bigint(name, { mode: "bigint" });
