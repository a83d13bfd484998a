import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { getConfig } from "../../config.ts";
import { getDb } from "../../db/client.ts";
import { getLogger } from "../../lib/logger.ts";
import { countryCode } from "../accounts/device-address.ts";
import { deviceNoticeLeftOut } from "./device-notice-scope.ts";
import { noteSignInDevice } from "./note-sign-in-device.ts";

/** A session younger than this was opened by the request at hand (older ones are only refreshed). */
const NEW_SESSION_MS = 60_000;

/**
 * Signed-in devices, as a Better Auth plugin so every way of signing in is covered
 * (password, one-time code, passkey, second factor, and the new session a password change
 * hands out):
 * - each new session records the country the trusted proxy reports (CLIENT_COUNTRY_HEADER), if
 *   configured, in `session.country`;
 * - after an endpoint that opened a session, its device is noted and, when new, the member is
 *   mailed (note-sign-in-device.ts), unless the caller ends the session at once
 *   (device-notice-scope.ts). This runs as an after-hook of a plugin listed after the
 *   two-factor plugin, which by then has withdrawn the session of a password step still waiting
 *   for its second factor: only a sign-in that completed is noted. A session-create database
 *   hook alone would also see (and mail about) that withdrawn session.
 * Nothing here may fail a sign-in: errors are logged.
 */
export function signInDevices() {
  return {
    id: "sign-in-devices",
    schema: {
      session: { fields: { country: { type: "string", required: false, input: false } } },
    },
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              before: async (session, ctx) => {
                const header = getConfig().clientCountryHeader;
                const country = header ? countryCode(ctx?.headers?.get(header)) : null;
                return { data: { ...session, country } };
              },
            },
          },
        },
      },
    }),
    hooks: {
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const opened = ctx.context.newSession;
            if (!opened || Date.now() - new Date(opened.session.createdAt).getTime() > NEW_SESSION_MS) return;
            // A session its caller ends at once (the portal's account linking) leaves no device signed in.
            if (deviceNoticeLeftOut()) return;
            try {
              const session = opened.session as typeof opened.session & { country?: string | null };
              await noteSignInDevice({
                db: getDb(),
                userId: opened.user.id,
                email: opened.user.email,
                name: opened.user.name,
                userAgent: session.userAgent,
                ipAddress: session.ipAddress,
                country: session.country,
                signUp: ctx.path === "/sign-up/email",
              });
            } catch (error) {
              getLogger().error({ err: error, userId: opened.user.id }, "sign-in device not noted");
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
