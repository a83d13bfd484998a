import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, twoFactor } from "better-auth/plugins";
import { emailOTP } from "better-auth/plugins/email-otp";
import { passwordProblem } from "~/lib/validation/auth/password";
import { getConfig, getPublicOrigin } from "../../config.ts";
import { getDb } from "../../db/client.ts";
import {
  account,
  passkey as passkeyTable,
  rateLimit,
  session,
  twoFactor as twoFactorTable,
  user,
  verification,
} from "../../db/schema.ts";
import { CLIENT_IP_HEADER } from "../../lib/client-ip.ts";
import { getLogger } from "../../lib/logger.ts";
import { singleton } from "../../lib/singleton.ts";
import { sendPasswordResetEmail } from "../accounts/send-password-reset-email.ts";
import { EMAIL_LINK_SECONDS } from "../email/email-link-store.ts";
import { noteEmailSendFailure } from "../email/email-send-watch.ts";
import { sendSignInCodeEmail } from "../email/send-sign-in-code-email.ts";
import { sendVerificationEmail } from "../email/send-verification-email.ts";
import { signInDevices } from "../sessions/sign-in-devices-plugin.ts";
import { secondFactorSessions } from "../two-factor/second-factor-plugin.ts";
import { TWO_FACTOR_ACCOUNT_FAILURES, TWO_FACTOR_LOCK_SECONDS } from "../two-factor/two-factor-rules.ts";
import { ACCOUNT_BANNED } from "./auth-errors.ts";
import { getAuthSecret } from "./auth-secret.ts";
import { staffAccessControl, staffRoles } from "./staff-access-control.ts";

export const SESSION_DAYS = 7;
export const RESET_LINK_SECONDS = 60 * 60;
/** "Trust this device for 30 days" after a second factor: members only, never staff (a staff sign-in always gives one). */
export const TRUSTED_DEVICE_DAYS = 30;
export const BACKUP_CODE_COUNT = 10;
/** One-time sign-in codes: 6 digits, 10 minutes, 5 tries. */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_SECONDS = 10 * 60;
export const SIGN_IN_CODE_TRIES = 5;

function createAuth() {
  const config = getConfig();
  return betterAuth({
    appName: config.brandName,
    // Better Auth's messages join our structured log instead of the console. It publishes only
    // warnings and errors (its default level, "warn", which we keep), so those are the two levels.
    logger: {
      log: (level, message, ...args) => {
        const log = getLogger();
        const fn = level === "error" ? log.error : log.warn;
        fn.call(log, { auth: true, detail: args.map((a) => (a instanceof Error ? a.message : a)) }, message);
      },
    },
    // Links Better Auth makes, and the origin it trusts (baseURL's, its only trusted origin), come
    // from PUBLIC_URL (or, in development, the listening address), never from a request's Host.
    baseURL: getPublicOrigin(),
    secret: getAuthSecret(),
    database: drizzleAdapter(getDb(), {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor: twoFactorTable, passkey: passkeyTable },
      transaction: true,
    }),
    plugins: [
      // Second factors. Their HTTP endpoints are not mounted (server/http/app.ts):
      // our routes call them through `auth.api` after our own checks and limits.
      twoFactor({
        issuer: config.brandName,
        backupCodeOptions: { amount: BACKUP_CODE_COUNT },
        trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
        accountLockout: { maxFailedAttempts: TWO_FACTOR_ACCOUNT_FAILURES, durationSeconds: TWO_FACTOR_LOCK_SECONDS },
      }),
      // Marks each session whose own sign-in passed a second factor (the back office needs it).
      secondFactorSessions(),
      // Staff roles: set by our own staff functions on the server; the plugin supplies
      // the fields, bans and the access-control check. Members keep the default role "user".
      admin({
        ac: staffAccessControl,
        roles: staffRoles,
        defaultRole: "user",
        adminRoles: ["owner", "admin"],
        bannedUserMessage: ACCOUNT_BANNED,
      }),
      // WebAuthn is bound to the site's host name and origin, from PUBLIC_URL, never a request.
      passkey({ rpID: new URL(getPublicOrigin()).hostname, rpName: config.brandName, origin: getPublicOrigin() }),
      // One-time sign-in codes by email, asked for and checked on /signin/code
      // (server/auth/email/request-sign-in-code.ts, sign-in-with-code.ts). Never opens an account:
      // sign-up is /join/details only. Codes are stored hashed.
      emailOTP({
        otpLength: SIGN_IN_CODE_LENGTH,
        expiresIn: SIGN_IN_CODE_SECONDS,
        allowedAttempts: SIGN_IN_CODE_TRIES,
        disableSignUp: true,
        storeOTP: "hashed",
        sendVerificationOTP: async ({ email, otp, type }) => {
          if (type !== "sign-in") throw new APIError("BAD_REQUEST", { message: "Only sign-in codes are sent." });
          await sendSignInCodeEmail({ to: email, code: otp });
        },
      }),
      // Last, after two-factor: notes the device of every completed sign-in and mails a new one.
      signInDevices(),
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // A password reset ends every session of the member.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: member, token, url }) => {
        await sendPasswordResetEmail({ to: member.email, name: member.name, token, url });
      },
    },
    // Sign-up still lands on the dashboard at once; the address is confirmed by a link (our
    // /verify-email page, which calls `verifyEmail` from its button) that works once, for 24 h.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: EMAIL_LINK_SECONDS,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user: member, token }) => {
        try {
          await sendVerificationEmail({ userId: member.id, to: member.email, name: member.name, token });
        } catch (error) {
          // Better Auth only logs this; the screen that promised a mail must not (email-send-watch.ts).
          noteEmailSendFailure();
          throw error;
        }
      },
    },
    // Email change: the link goes to the NEW address (Better Auth's "change-email-verification"
    // token through sendVerificationEmail), the old one is told when it is done
    // (server/auth/email/confirm-email-link.ts). Only a verified address may change (request-email-change.ts).
    user: { changeEmail: { enabled: true, updateEmailWithoutVerification: false } },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Refreshed once a day of use, so an active member stays signed in.
      updateAge: 24 * 60 * 60,
      // No cookie cache: a session revoked elsewhere (reset, sign out) is refused on the next request.
      cookieCache: { enabled: false },
    },
    // Better Auth's own limiter counts only requests to its HTTP handler, which is not mounted
    // (server/http/app.ts answers 404 for /api/auth/*); every flow goes through our routes and is
    // limited there, per address and per email, by server/auth/accounts/limits.ts.
    rateLimit: { enabled: false },
    advanced: {
      // The server overwrites this header with the socket (or trusted proxy) address.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Secure whenever in production, whatever the scheme a proxy in front reports.
      useSecureCookies: config.isProduction,
      // Better Auth skips its Origin check under a test runner; stated, so tests see production's check.
      disableOriginCheck: false,
      database: { generateId: () => crypto.randomUUID() },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Accounts are opened only through /join/details, which also creates the profile;
        // the raw endpoint would make a member without one.
        if (ctx.path === "/sign-up/email" && ctx.request) {
          throw new APIError("FORBIDDEN", { message: "Sign up from the pricing page." });
        }
        // The one password policy holds even for requests that skip our forms. Every endpoint that
        // sets a new password names it newPassword (change, reset, the admin plugin's set-user-password).
        const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown };
        const candidate = ctx.path === "/sign-up/email" ? body.password : body.newPassword;
        if (typeof candidate === "string") {
          const problem = passwordProblem(candidate);
          if (problem) throw new APIError("BAD_REQUEST", { message: problem, code: "WEAK_PASSWORD" });
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The process-wide Better Auth instance; its HTTP handler is not mounted, our routes call `auth.api`. */
export function getAuth(): Auth {
  return singleton("auth", createAuth);
}
