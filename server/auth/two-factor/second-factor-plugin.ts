import type { BetterAuthPlugin } from "better-auth";

/**
 * The Better Auth endpoints whose new session is opened by a second factor in that very request:
 * an app code or a backup code (the second sign-in step, or the app code that confirms the
 * two-factor set-up), or a passkey (possession and, on the authenticator, verification in one).
 */
export const SECOND_FACTOR_PATHS: ReadonlySet<string> = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/passkey/verify-authentication",
]);

/** What the session-create hook reads of Better Auth's endpoint context. */
type CreateContext =
  { path?: string; context?: { session?: { session?: { secondFactor?: unknown } } | null } } | null | undefined;

/**
 * Whether a session being created passed a second factor: opened by one of SECOND_FACTOR_PATHS,
 * or replacing the request's own session that had (Better Auth hands out a new session when a
 * password changes or two-factor is turned off; it must not lose what the old one proved, nor gain it).
 */
export function passedSecondFactor(ctx: CreateContext): boolean {
  if (ctx?.path && SECOND_FACTOR_PATHS.has(ctx.path)) return true;
  return ctx?.context?.session?.session?.secondFactor === true;
}

/**
 * Records on every session whether its own sign-in passed a second factor (`session.second_factor`),
 * so the back office's guard (server/http/staff-guard.ts) can refuse a session that a password
 * alone opened: through a trusted device, an email code, or before the member was made staff.
 */
export function secondFactorSessions() {
  return {
    id: "second-factor-sessions",
    schema: {
      session: { fields: { secondFactor: { type: "boolean", required: false, input: false, defaultValue: false } } },
    },
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              before: async (session, ctx) => ({
                data: { ...session, secondFactor: passedSecondFactor(ctx as CreateContext) },
              }),
            },
          },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}
