import { redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "../lib/errors.ts";
import { defineAction } from "./action.ts";

type Envelope = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } };

const ORIGIN = "http://localhost";

function post(body: unknown, headers: Record<string, string> = {}, method = "POST") {
  return new Request(`${ORIGIN}/api/test`, {
    method,
    headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
    body: method === "GET" ? undefined : JSON.stringify(body),
  });
}

async function call(action: ReturnType<typeof defineAction>, request: Request) {
  return (await action({ request, context: { clientIp: "10.0.0.1" } })) as unknown as Envelope;
}
const statusOf = (answer: Envelope) => answer.init.status ?? 200;
const headersOf = (answer: Envelope) => new Headers(answer.init.headers);

const nameSchema = z.object({
  name: z.string().trim().min(1, "Name is required"),
  age: z.coerce.number().int("Age must be whole"),
});

describe("defineAction: the one mutation pipeline", () => {
  it("answers another method with 405 and Allow: POST, before running anything", async () => {
    const run = vi.fn(async () => ({}));
    const action = defineAction({ run });
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const answer = await call(action, post({}, {}, method));
      expect(statusOf(answer), method).toBe(405);
      expect(answer.data).toEqual({ ok: false, error: "Method not allowed" });
      expect(headersOf(answer).get("allow")).toBe("POST");
    }
    expect(run).not.toHaveBeenCalled();
  });

  it("refuses a cross-site post (403) and Origin: null; only a stated reason lets one through", async () => {
    const run = vi.fn(async () => ({ done: true }));
    const guarded = defineAction({ run });
    for (const origin of ["https://evil.example", "null", "http://localhost:8080"]) {
      const answer = await call(guarded, post({}, { origin }));
      expect(statusOf(answer), origin).toBe(403);
      expect(answer.data).toEqual({ ok: false, error: "Cross-site request refused." });
    }
    expect(run).not.toHaveBeenCalled();
    const open = defineAction({ crossSiteBecause: "a token in the link is the authority", run });
    expect((await call(open, post({}, { origin: "https://mail.example" }))).data).toEqual({ ok: true, done: true });
  });

  it("refuses a post the browser marks cross-site or same-site even without Origin; the site's own and clients without the header pass", async () => {
    const run = vi.fn(async () => ({ done: true }));
    const guarded = defineAction({ run });
    const withoutOrigin = (headers: Record<string, string>) => {
      const request = post({}, headers);
      request.headers.delete("origin");
      return request;
    };
    for (const fetchSite of ["cross-site", "same-site"]) {
      const answer = await call(guarded, withoutOrigin({ "sec-fetch-site": fetchSite }));
      expect(statusOf(answer), fetchSite).toBe(403);
      expect(answer.data).toEqual({ ok: false, error: "Cross-site request refused." });
    }
    expect(run).not.toHaveBeenCalled();
    const passing: Record<string, string>[] = [{ "sec-fetch-site": "same-origin" }, { "sec-fetch-site": "none" }, {}];
    for (const headers of passing) {
      expect((await call(guarded, withoutOrigin(headers))).data, JSON.stringify(headers)).toEqual({
        ok: true,
        done: true,
      });
    }
    const open = defineAction({ crossSiteBecause: "a token in the link is the authority", run });
    expect((await call(open, withoutOrigin({ "sec-fetch-site": "cross-site" }))).data).toEqual({
      ok: true,
      done: true,
    });
    expect(open.crossSiteBecause).toBe("a token in the link is the authority");
    expect(guarded.crossSiteBecause).toBeNull();
  });

  it("parses the body with the one schema, hands its converted output to run, and answers the envelope", async () => {
    const action = defineAction({
      schema: nameSchema,
      run: async ({ input }) => ({ greeting: `Hi ${input.name}`, nextAge: input.age + 1 }),
    });
    const answer = await call(action, post({ name: "  Ada ", age: "36" }));
    expect(statusOf(answer)).toBe(200);
    expect(answer.data).toEqual({ ok: true, greeting: "Hi Ada", nextAge: 37 });
  });

  it("answers a schema refusal with 400, the first message and every field's first problem; run never starts", async () => {
    const run = vi.fn(async () => ({}));
    const action = defineAction({ schema: nameSchema, run });
    const answer = await call(action, post({ name: " ", age: "1.5" }));
    expect(statusOf(answer)).toBe(400);
    expect(answer.data).toEqual({
      ok: false,
      error: "Name is required",
      fieldErrors: { name: "Name is required", age: "Age must be whole" },
    });
    expect(run).not.toHaveBeenCalled();
  });

  it("lets a route turn a schema refusal into its own domain error", async () => {
    const action = defineAction({
      schema: nameSchema,
      refuseInput: (error) =>
        error.issues.some((i) => i.path[0] === "age") ? new AppError("NOT_FOUND", "No such thing.") : undefined,
      run: async () => ({}),
    });
    expect(await call(action, post({ name: "Ada", age: "x" }))).toMatchObject({
      data: { ok: false, error: "No such thing." },
      init: { status: 404 },
    });
    expect(statusOf(await call(action, post({ name: "", age: 1 })))).toBe(400);
  });

  it("bounds the body (413) and refuses uploads (415)", async () => {
    const action = defineAction({ schema: nameSchema, run: async () => ({}) });
    const big = await call(action, post({ name: "x".repeat(70 * 1024), age: 1 }));
    expect(statusOf(big)).toBe(413);
    expect(big.data).toEqual({ ok: false, error: "The request body is too large." });
    const upload = await call(action, post("x", { "content-type": "multipart/form-data; boundary=x" }));
    expect(statusOf(upload)).toBe(415);
  });

  it("maps a domain error's code to its status; a rate limit carries Retry-After; internal details stay out", async () => {
    const failWith = (error: AppError) => defineAction({ run: async () => Promise.reject(error) });
    const limited = await call(
      failWith(new AppError("RATE_LIMITED", "Too many requests.", { retryAfterSeconds: 42, key: "secret-key" })),
      post({}),
    );
    expect(statusOf(limited)).toBe(429);
    expect(headersOf(limited).get("retry-after")).toBe("42");
    expect(limited.data).toEqual({ ok: false, error: "Too many requests.", retryAfterSeconds: 42 });
    const refused = await call(
      failWith(new AppError("PAYMENT_REQUIRED", "Insufficient balance.", { answer: { required: "5" }, internal: "x" })),
      post({}),
    );
    expect(statusOf(refused)).toBe(402);
    expect(refused.data).toEqual({ ok: false, error: "Insufficient balance.", required: "5" });
    const signedOut = await call(failWith(new AppError("UNAUTHORIZED", "Sign in again.")), post({}));
    expect(signedOut).toMatchObject({
      data: { ok: false, error: "Sign in again.", signedOut: true },
      init: { status: 401 },
    });
  });

  it("an unexpected error: a JSON call gets 500 with its own text; a page's error goes on to the ErrorBoundary", async () => {
    const boom = async () => {
      throw new Error("database exploded: password=hunter2");
    };
    const json = await call(defineAction({ unexpected: "Failed to do it. Please try again.", run: boom }), post({}));
    expect(statusOf(json)).toBe(500);
    expect(json.data).toEqual({ ok: false, error: "Failed to do it. Please try again." });
    await expect(call(defineAction({ run: boom }), post({}))).rejects.toThrow("database exploded");
  });

  it("a database that cannot be reached: 503 with Retry-After and a try-again text, for JSON calls and pages alike", async () => {
    // What Drizzle throws when the pool cannot connect, and what a transaction cut by a restart gets.
    const refused = Object.assign(new Error("Failed query: select 1"), {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    });
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    for (const error of [refused, shutdown, new Error("Connection terminated unexpectedly")]) {
      const run = async () => {
        throw error;
      };
      for (const action of [defineAction({ unexpected: "Failed to do it.", run }), defineAction({ run })]) {
        const answer = await call(action, post({}));
        expect(statusOf(answer)).toBe(503);
        expect(headersOf(answer).get("retry-after")).toBe("5");
        expect(answer.data).toEqual({
          ok: false,
          error: "The service is temporarily unavailable. Please try again in a moment.",
        });
      }
    }
  });

  it("forwards collected cookies on a success, a redirect and a refusal", async () => {
    const withCookie = (result: () => Promise<object>) =>
      defineAction({
        run: async ({ forwardCookies }) => {
          forwardCookies(new Headers([["Set-Cookie", "session=abc; Path=/"]]));
          forwardCookies("flash_toast=hi; Path=/");
          return result();
        },
      });
    const ok = await call(
      withCookie(async () => ({})),
      post({}),
    );
    expect(headersOf(ok).getSetCookie()).toEqual(["session=abc; Path=/", "flash_toast=hi; Path=/"]);
    const moved = (await withCookie(async () => redirect("/dashboard"))({
      request: post({}),
      context: {},
    })) as unknown as Response;
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/dashboard");
    expect(moved.headers.getSetCookie()).toEqual(["session=abc; Path=/", "flash_toast=hi; Path=/"]);
    const refused = await call(
      withCookie(async () => Promise.reject(new AppError("CONFLICT", "Taken."))),
      post({}),
    );
    expect(statusOf(refused)).toBe(409);
    expect(headersOf(refused).getSetCookie()).toEqual(["session=abc; Path=/", "flash_toast=hi; Path=/"]);
  });

  it("uses the route's success status and headers, and lets a page answer a domain error with a page", async () => {
    const created = await call(
      defineAction({ status: 201, headers: { "Cache-Control": "no-store" }, run: async () => ({}) }),
      post({}),
    );
    expect(statusOf(created)).toBe(201);
    expect(headersOf(created).get("cache-control")).toBe("no-store");
    const page = defineAction({
      onError: (error) => (error.code === "NOT_FOUND" ? redirect("/elsewhere") : undefined),
      run: async () => Promise.reject(new AppError("NOT_FOUND", "Gone.")),
    });
    const answer = (await page({ request: post({}), context: {} })) as unknown as Response;
    expect(answer.headers.get("location")).toBe("/elsewhere");
  });
});
