/*
 * Calls a route module's loader or action as React Router would, for integration tests. What the
 * route answers — returned or thrown, a Response (a redirect, a 404), `data(…, { status })` or plain
 * data — comes back as one outcome, so a test reads `status` and `data` whichever way it was sent.
 */

export const ORIGIN = "http://localhost";

/**
 * Numbers at and past the edges a form or an address may carry: zero, negative, a fraction, past
 * PostgreSQL's integer and 32 bits, past a bigint, past a double. Each must be answered below 500.
 */
export const NUMBER_EDGES = ["0", "-1", "1.01", "2147483648", "3000000000", "99999999999999999999", "1e400"];

type Handler = (args: never) => unknown;
/** A route module (`import * as route from "~/routes/…"`) or the loader or action itself. */
type Route<K extends "loader" | "action"> = Handler | { [key in K]?: Handler };

export type RouteOutcome = {
  status: number;
  data: Record<string, unknown>;
  /** A redirect's target (absent when there is none, so plain answers compare as { status, data }). */
  location?: string;
  /** The cookies the answer sets, likewise absent when none. */
  cookies?: string[];
  /** All the answer's headers (Retry-After, Cache-Control…), likewise absent when none. */
  headers?: Headers;
};

export type RouteCall = {
  /** Path and query, e.g. "/admin/plans?tab=archived". */
  path: string;
  params?: Record<string, string>;
  cookie?: string;
  headers?: Record<string, string>;
  /** The client address the server resolved (`context.clientIp`). */
  clientIp?: string;
};

export type ActionCall = RouteCall & {
  /** A form post as the page's buttons send it (a string is sent as it is). */
  form?: Record<string, string> | string;
  json?: unknown;
  /** Any other body (multipart FormData); its content type comes from `headers` or fetch. */
  body?: BodyInit;
  method?: string;
  /** The Origin header: the site's own unless given; null sends none. */
  origin?: string | null;
};

const clientIpOf = (call: RouteCall) => call.clientIp ?? "10.0.0.8";

/** The headers the server adds to every request: the client address it resolved, for Better Auth. */
function headersOf(call: RouteCall, own: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { "x-client-ip": clientIpOf(call), ...own };
  if (call.cookie) headers.cookie = call.cookie;
  return { ...headers, ...call.headers };
}

function handlerOf<K extends "loader" | "action">(route: Route<K>, key: K): Handler {
  const handler = typeof route === "function" ? route : route[key];
  if (!handler) throw new Error(`the route module has no ${key}`);
  return handler;
}

function outcome(status: number, data: unknown, headers: Headers): RouteOutcome {
  const answer: RouteOutcome = { status, data: (data ?? {}) as Record<string, unknown> };
  const location = headers.get("location");
  if (location !== null) answer.location = location;
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) answer.cookies = cookies;
  if ([...headers.keys()].length > 0) answer.headers = headers;
  return answer;
}

function settle(value: unknown): RouteOutcome {
  if (value instanceof Response) return outcome(value.status, {}, value.headers);
  const shaped = value as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (shaped?.type === "DataWithResponseInit")
    return outcome(shaped.init?.status ?? 200, shaped.data, new Headers(shaped.init?.headers));
  return outcome(200, value, new Headers());
}

async function run(handler: Handler, request: Request, call: RouteCall): Promise<RouteOutcome> {
  const args = { request, params: call.params ?? {}, context: { clientIp: clientIpOf(call) } };
  try {
    return settle(await handler(args as never));
  } catch (thrown) {
    if (thrown instanceof Response || (thrown as { type?: string } | null)?.type === "DataWithResponseInit")
      return settle(thrown);
    throw thrown;
  }
}

/** A page's or API route's loader, as a GET; no cookie is a visitor. */
export function callLoader(route: Route<"loader">, call: RouteCall): Promise<RouteOutcome> {
  return run(handlerOf(route, "loader"), new Request(`${ORIGIN}${call.path}`, { headers: headersOf(call, {}) }), call);
}

/** A route's action, posted from the site's own page (its Origin) unless told otherwise. */
export function callAction(route: Route<"action">, call: ActionCall): Promise<RouteOutcome> {
  const headers: Record<string, string> = {};
  if (call.origin !== null) headers.origin = call.origin ?? ORIGIN;
  let body: BodyInit | undefined = call.body;
  if (call.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(call.json);
  } else if (call.form !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = typeof call.form === "string" ? call.form : new URLSearchParams(call.form);
  }
  const request = new Request(`${ORIGIN}${call.path}`, {
    method: call.method ?? "POST",
    headers: headersOf(call, headers),
    body,
  });
  return run(handlerOf(route, "action"), request, call);
}
