// Tables Better Auth 1.7 reads and writes (user, session, account, verification), written by
// hand because its schema generator needs Node 22. Column names follow Better Auth's
// defaults mapped to snake_case; ids are text.
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    /** Better Auth's two-factor plugin: sign-in asks for a second factor when true. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    /**
     * Better Auth's admin plugin: the staff role (owner, admin, editor, support; app/lib/staff-roles.ts)
     * or "user" / null for a member, who has no role.
     */
    role: text("role"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: ts("ban_expires"),
    /**
     * When the member deleted their account (server/dashboard/delete-member-account.ts). The row
     * stays, anonymised, because the ledger, invoices and deposits still name it.
     */
    deletedAt: ts("deleted_at"),
  },
  // The member list's "banned" filter (a partial index: few accounts are banned).
  (t) => [
    index("user_banned_idx")
      .on(t.id)
      .where(sql`${t.banned} = true`),
    // The member list's "deleted" filter, the same way (migration 0039).
    index("user_deleted_idx")
      .on(t.id)
      .where(sql`${t.deletedAt} IS NOT NULL`),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Country code from the trusted proxy's header (CLIENT_COUNTRY_HEADER) at sign-in, if any. */
    country: text("country"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /**
     * Whether this session's own sign-in passed a second factor (an app code, a backup code or a
     * passkey), set by server/auth/two-factor/second-factor-plugin.ts. The back office opens only for such a
     * session: a trusted device or an email code never opens it.
     */
    secondFactor: boolean("second_factor").notNull().default(false),
    /** Better Auth's admin plugin (impersonation, which this site does not offer). */
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** Better Auth's own rate-limit counters (storage "database"), shared by every instance. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Better Auth's two-factor plugin: the member's TOTP secret and backup codes, both encrypted
 * with the auth secret by the plugin (never readable from this table alone).
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** False between "turn on" and the first correct code. */
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: ts("locked_until"),
  },
  (t) => [index("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

/** @better-auth/passkey: one WebAuthn credential per row (public key only; the private key never leaves the authenticator). */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: ts("created_at").defaultNow(),
    aaguid: text("aaguid"),
  },
  (t) => [index("passkey_user_idx").on(t.userId), index("passkey_credential_idx").on(t.credentialID)],
);
