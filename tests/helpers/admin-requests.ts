/*
 * Calls a back-office loader or action as React Router would, for integration tests: a thrown
 * redirect or 404 becomes its status, a `data(…, { status })` its status and data.
 */

const ORIGIN = "http://localhost";

type Fn = (args: never) => Promise<unknown>;
export type Outcome = { status: number; location?: string | null; data: Record<string, unknown> };

function settle(value: unknown): Outcome {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), data: {} };
  const shaped = value as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (shaped?.type === "DataWithResponseInit") return { status: shaped.init?.status ?? 200, data: (shaped.data ?? {}) as Record<string, unknown> };
  return { status: 200, data: value as Record<string, unknown> };
}

async function run(fn: Fn, request: Request, params: Record<string, string>): Promise<Outcome> {
  try {
    return settle(await fn({ request, params, context: { clientIp: "10.0.0.8" } } as never));
  } catch (thrown) {
    if (thrown instanceof Response || (thrown as { type?: string })?.type === "DataWithResponseInit") return settle(thrown);
    throw thrown;
  }
}

/** A page's loader; no cookie is a visitor. */
export function load(loader: Fn, path: string, cookie = "", params: Record<string, string> = {}) {
  return run(loader, new Request(`${ORIGIN}${path}`, { headers: { cookie } }), params);
}

/** A form post from the page, as its buttons send it. */
export function post(action: Fn, path: string, body: Record<string, string>, cookie: string, params: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, cookie },
    body: new URLSearchParams(body),
  });
  return run(action, request, params);
}
