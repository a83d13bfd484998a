import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { z } from "zod";
import { SIGN_IN_AGAIN, TEMPORARILY_UNAVAILABLE, type ActionFailure } from "~/lib/action-answer";
import type { StaffPermission } from "~/lib/staff-roles";
import { getMemberSession, type MemberSession } from "../auth/accounts/session.ts";
import { getDb } from "../db/client.ts";
import { isDatabaseUnavailable, logDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/db-errors.ts";
import { AppError, isAppError } from "../lib/errors.ts";
import { getLogger } from "../lib/logger.ts";
import { CROSS_SITE_REFUSED, crossSiteRefusal } from "../security/origin.ts";
import { enforceRateLimit } from "../security/rate-limit.ts";
import type { StaffActor } from "../staff/record-audit-event.ts";
import { echoed, parseInput, refusal } from "./action-input.ts";
import { requirePortalSession, type PortalSession } from "./portal-guard.ts";
import { readBody, type FileUploads } from "./responses.ts";
import { requireStaffPermission, type StaffMember } from "./staff-guard.ts";

export type { ActionFailure } from "~/lib/action-answer";

/** What React Router hands an action (its `Route.ActionArgs`, of which we use three fields). */
type ActionArgs = { request: Request; params?: Record<string, string | undefined>; context: { clientIp?: string } };

type Access = "visitor" | "member" | "staff" | "portal";

export type ActionContext<Input, A extends Access, Params = undefined> = {
  request: Request;
  input: Input;
  /** The route's `:parameters` as the action's `params` schema read them (ids as numbers). */
  params: Params;
  clientIp: string;
  /** The signed-in member; only guaranteed for `access: "member"`. */
  member: A extends "member" ? MemberSession : null;
  /** The staff member and the actor their writes are audited as; only for `access: "staff"`. */
  staff: A extends "staff" ? { member: StaffMember; actor: StaffActor } : null;
  /** The Telegram portal's session (its bearer token); only for `access: "portal"`. */
  portal: A extends "portal" ? PortalSession : null;
  /** Adds the Set-Cookie headers of `from` (e.g. Better Auth's answer) to whatever the action answers. */
  forwardCookies: (from: Headers | string) => void;
};

type RateLimit = { key: string; limit: number; windowSeconds: number; message?: string };

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

export type ActionOptions<
  Schema extends z.ZodType | undefined,
  A extends Access,
  Result,
  Params extends z.ZodType | undefined = undefined,
> = {
  /**
   * "member": a signed-in member or 401 `{ signedOut: true }`. "staff": the back office's guard
   * (server/http/staff-guard.ts) plus `permission`, else 404. "portal": the Telegram portal's
   * bearer token (server/http/portal-guard.ts), else 401 `{ signedOut: true }`. Default "visitor" (anyone).
   */
  access?: A;
  /** For `access: "staff"`: what the role must be allowed (app/lib/staff-roles.ts). */
  permission?: StaffPermission;
  /** The 401 text for a missing session (the purchase dialog has its own). */
  signedOutMessage?: string;
  /** Parses the bounded body; its output (transforms included) is `input`. No schema: the body is not read. */
  schema?: Schema;
  /**
   * The route's `:parameters`, read with the id rules of app/lib/validation/route-params.ts; its
   * output is `params`. An address that names no record is refused with 404 and `notFound`.
   */
  params?: Params;
  /** The text of that 404 (the record's own "not found" message). */
  notFound?: string;
  /**
   * Takes multipart/form-data with files (File values in the body), up to its own limit; the
   * Express layer (body-limits.ts) must let this path's uploads through too. Default: no files (415).
   */
  files?: FileUploads;
  /** Turns a schema refusal into a domain error instead of the usual 400 with field errors. */
  refuseInput?: (error: z.ZodError) => AppError | undefined;
  /**
   * Why cross-site posts are accepted. Only a token-carrying link may say so (RFC 8058
   * one-click unsubscribe comes from the mail provider with no Origin we control); every other
   * mutation gets the cross-site check (a foreign Origin, or a browser's Sec-Fetch-Site other
   * than same-origin or none) and cannot forget it.
   */
  crossSiteBecause?: string;
  /** A per-caller limit counted before the work (429 with Retry-After when spent). */
  rateLimit?: (context: ActionContext<unknown, A, unknown>) => RateLimit;
  /** Answer 500 with this text instead of rethrowing to the ErrorBoundary (dashboard JSON calls). */
  unexpected?: string;
  /** Status and headers of a successful answer (contact answers 201). */
  status?: number;
  headers?: Record<string, string>;
  /**
   * Fields whose submitted text a refusal hands back (`values`), so a page posted without
   * JavaScript comes back filled in as the person left it. Never a password or a secret: the
   * answer is rendered into the page.
   */
  echo?: readonly string[];
  /** A page that answers some domain errors with a page of its own (may also throw a response). */
  onError?: (error: AppError, request: Request) => DataWithResponseInit<unknown> | Response | undefined;
  run: (context: ActionContext<Output<Schema>, A, Output<Params>>) => Promise<Result>;
};

type Answer<Result> = Result extends Response ? Response : DataWithResponseInit<{ ok: true } & Result>;

/**
 * The one pipeline every mutation goes through: method (405),
 * cross-site check (403, also answered before React Router by cross-site-guard.ts), session (401), rate limit (429 + Retry-After), bounded body read
 * (413/415; files only where the action takes them), one zod schema that also converts (400 with field errors), the domain call, and one
 * envelope: `{ ok: true, ...result }` or `{ ok: false, error, fieldErrors?, signedOut? }` with
 * the status mapped from the domain error's code in server/lib/errors.ts. Cookies the guard or
 * the action collected (a refreshed session, a flash toast) go out on every answer.
 * A `run` that returns a Response (a redirect) has it passed through with those cookies.
 */
export function defineAction<
  Schema extends z.ZodType | undefined = undefined,
  A extends Access = "visitor",
  Result extends object = object,
  Params extends z.ZodType | undefined = undefined,
>(options: ActionOptions<Schema, A, Result, Params>) {
  // Who may call it travels with the action: the role matrix (tests/integration/admin/admin-role-matrix.test.ts)
  // reads it instead of a hand-kept list, so a new back-office action is covered the day it lands.
  // So does a stated reason to take cross-site posts: the check before React Router (cross-site-guard.ts) reads it.
  const declared: ActionAccess = {
    access: options.access ?? "visitor",
    permission: options.permission ?? null,
    crossSiteBecause: options.crossSiteBecause ?? null,
  };
  // Its schema travels with it too, for the tests that send bad input to every field of every action.
  return Object.assign(
    async function action({
      request,
      params: routeParams = {},
      context,
    }: ActionArgs): Promise<Answer<Result> | DataWithResponseInit<ActionFailure>> {
      const cookies = new Headers();
      let body: Record<string, unknown> | undefined;
      const forwardCookies = (from: Headers | string) => {
        for (const cookie of typeof from === "string" ? [from] : from.getSetCookie())
          cookies.append("Set-Cookie", cookie);
      };
      try {
        if (request.method !== "POST")
          throw new AppError("METHOD_NOT_ALLOWED", "Method not allowed", { headers: { Allow: "POST" } });
        // Answered here, not through `onError`: a page's own answer to its errors (an "invalid
        // link" page) must not stand in for the refusal.
        if (options.crossSiteBecause === undefined && crossSiteRefusal(request.headers, request.url) !== null) {
          return refusal(new AppError("FORBIDDEN", CROSS_SITE_REFUSED), cookies);
        }
        let member: MemberSession | null = null;
        if (options.access === "member") {
          const session = await getMemberSession(request);
          forwardCookies(session.headers);
          if (!session.member) throw new AppError("UNAUTHORIZED", options.signedOutMessage ?? SIGN_IN_AGAIN);
          member = session.member;
        }
        let staff: { member: StaffMember; actor: StaffActor } | null = null;
        if (options.access === "staff") {
          if (!options.permission) throw new Error('defineAction: access "staff" needs a permission');
          const guard = await requireStaffPermission(request, options.permission);
          forwardCookies(guard.headers);
          staff = { member: guard.staff, actor: { ...guard.actor, ipAddress: context.clientIp ?? null } };
        }
        const portal = options.access === "portal" ? await requirePortalSession(request) : null;
        let params: unknown;
        if (options.params) {
          const parsed = options.params.safeParse(routeParams);
          if (!parsed.success) throw new AppError("NOT_FOUND", options.notFound ?? "Not found.");
          params = parsed.data;
        }
        const base = {
          request,
          params,
          clientIp: context.clientIp ?? "unknown",
          member,
          staff,
          portal,
          forwardCookies,
        } as ActionContext<unknown, A, unknown>;
        if (options.rateLimit) await enforceRateLimit({ db: getDb(), ...options.rateLimit(base) });
        if (options.schema) body = await readBody(request, { files: options.files });
        const input = options.schema ? parseInput(options, body!) : undefined;
        const result = await options.run({ ...base, input } as Parameters<typeof options.run>[0]);
        if (result instanceof Response) {
          for (const cookie of cookies.getSetCookie()) result.headers.append("Set-Cookie", cookie);
          return result as Answer<Result>;
        }
        const headers = new Headers(options.headers);
        for (const cookie of cookies.getSetCookie()) headers.append("Set-Cookie", cookie);
        return data(
          { ok: true as const, ...result },
          { status: options.status ?? 200, headers },
        ) as unknown as Answer<Result>;
      } catch (thrown) {
        if (thrown instanceof Response || isDataWithResponseInit(thrown)) throw thrown;
        const error = isDatabaseUnavailable(thrown) ? databaseUnavailable(thrown, request) : thrown;
        if (isAppError(error)) {
          const page = options.onError?.(error, request);
          if (page) return page as DataWithResponseInit<ActionFailure>;
          return refusal(error, cookies, echoed(options.echo, body));
        }
        getLogger().error({ err: error, path: new URL(request.url).pathname }, "unexpected error in action");
        if (options.unexpected === undefined) throw error;
        return data<ActionFailure>({ ok: false, error: options.unexpected }, { status: 500, headers: cookies });
      }
    },
    declared,
    { schema: options.schema },
  );
}

/**
 * The database is away (a restart, a failover): the request was fine and nothing of it was
 * half-written (its transaction rolled back, or committed in full and a retry with the same
 * idempotency key replays it), so the member is asked to try again, with a 503 and a
 * Retry-After, and the log gets one line without a stack.
 */
function databaseUnavailable(error: unknown, request: Request) {
  logDatabaseUnavailable({ error, path: new URL(request.url).pathname });
  return new AppError("UNAVAILABLE", TEMPORARILY_UNAVAILABLE, {
    headers: { "Retry-After": String(RETRY_AFTER_SECONDS) },
  });
}

/**
 * A page route's `headers` (`export { pageHeaders as headers }`): a refusal's Retry-After (a rate
 * limit, a database that is away) reaches the page the server renders for a form posted without
 * JavaScript too. React Router sends an action's headers with its `.data` answer, but for a
 * document only what the route's `headers` returns.
 */
export function pageHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** What an action built by defineAction declares about its callers (read by the role matrix and the cross-site guard). */
export type ActionAccess = { access: Access; permission: StaffPermission | null; crossSiteBecause: string | null };

/** A thrown `data(…, { status })` (a 404 from a guard) goes on to React Router untouched. */
function isDataWithResponseInit(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

export { SIGN_IN_AGAIN };
export { CONTROL_CHARACTERS } from "./action-input.ts";
