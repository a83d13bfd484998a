import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../lib/errors.ts";
import { defineAction, pageHeaders } from "./action.ts";

type Envelope = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } };

const ORIGIN = "http://localhost";

/** What a browser without JavaScript sends: the form's fields, url-encoded, from the site's own page. */
function formPost(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/signin`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      "sec-fetch-site": "same-origin",
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function call(action: (args: { request: Request; context: object }) => Promise<unknown>, request: Request) {
  return (await action({ request, context: { clientIp: "10.0.0.1" } })) as Envelope;
}

const schema = z.object({ email: z.string().email("Enter an email"), password: z.string().min(1, "Password needed") });

describe("defineAction: a form posted without JavaScript", () => {
  it("is parsed like a JSON call and answered with the envelope the page renders", async () => {
    const action = defineAction({ schema, run: async ({ input }) => ({ email: input.email }) });
    const answer = await call(action, formPost({ email: "ada@example.com", password: "x" }));
    expect(answer.data).toEqual({ ok: true, email: "ada@example.com" });
  });

  it("hands back the declared fields' text with a refusal, never an undeclared one (the password)", async () => {
    const action = defineAction({
      schema,
      echo: ["email"],
      run: async () => Promise.reject(new AppError("UNAUTHORIZED", "Invalid email or password")),
    });
    const refused = await call(action, formPost({ email: "ada@example.com", password: "secret" }));
    expect(refused.init.status).toBe(401);
    expect(refused.data).toEqual({
      ok: false,
      error: "Invalid email or password",
      signedOut: true,
      values: { email: "ada@example.com" },
    });
    // A schema refusal hands them back too, with its field errors.
    const invalid = await call(action, formPost({ email: "not-an-email", password: "secret" }));
    expect(invalid.init.status).toBe(400);
    expect(invalid.data).toMatchObject({ fieldErrors: { email: "Enter an email" }, values: { email: "not-an-email" } });
    expect(JSON.stringify(invalid.data)).not.toContain("secret");
    // Without `echo`, nothing is handed back.
    const quiet = defineAction({ schema, run: async () => Promise.reject(new AppError("CONFLICT", "Taken.")) });
    expect((await call(quiet, formPost({ email: "ada@example.com", password: "x" }))).data).toEqual({
      ok: false,
      error: "Taken.",
    });
  });

  it("puts a rate limit's wait in the body as well as in Retry-After, so the page can say when to try again", async () => {
    const action = defineAction({
      schema,
      run: async () => Promise.reject(new AppError("RATE_LIMITED", "Too many.", { retryAfterSeconds: 300 })),
    });
    const limited = await call(action, formPost({ email: "ada@example.com", password: "x" }));
    expect(limited.init.status).toBe(429);
    expect(new Headers(limited.init.headers).get("retry-after")).toBe("300");
    expect(limited.data).toEqual({ ok: false, error: "Too many.", retryAfterSeconds: 300 });
  });

  it("still refuses a cross-site form post, and a success may be a redirect the browser follows", async () => {
    const action = defineAction({ schema, run: async () => redirect("/dashboard") });
    const foreign = await call(
      action,
      formPost(
        { email: "ada@example.com", password: "x" },
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      ),
    );
    expect(foreign.init.status).toBe(403);
    const moved = (await action({
      request: formPost({ email: "ada@example.com", password: "x" }),
      context: {},
    })) as unknown as Response;
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("/dashboard");
  });
});

describe("pageHeaders: a page route's headers", () => {
  it("carries its action's Retry-After to the page rendered for a form post, and nothing else", () => {
    const actionHeaders = new Headers({ "Retry-After": "300", "Set-Cookie": "a=b", "X-Other": "x" });
    expect([...pageHeaders({ actionHeaders }).entries()]).toEqual([["retry-after", "300"]]);
    expect([...pageHeaders({ actionHeaders: new Headers() }).entries()]).toEqual([]);
  });
});
