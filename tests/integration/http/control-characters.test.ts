import crypto from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { controlCharacterField } from "~/lib/validation/fields";
import { CONTROL_CHARACTERS } from "#server/http/action";
import { createApp } from "#server/http/app";
import { TARGET_MESSAGES } from "#server/http/request-guard";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import {
  actionsWithSchemas,
  formBody,
  issuesAt,
  samplesFor,
  useActionCaller,
  variantsOf,
  type ActionAnswer,
} from "../../helpers/action-bodies";
import { declaredRoutes } from "../../helpers/admin-routes";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { captureLogLines } from "../../helpers/log-capture";

withTestDataDir("control-characters");

const routes = declaredRoutes();

/*
 * A NUL (or any control character) is bad input, never a 500: PostgreSQL text cannot hold NUL,
 * so one that got through used to end in "invalid byte sequence for encoding UTF8: 0x00", an
 * error in the log and a 500 or 503. Nothing here is a hand-kept list: every route of
 * app/routes.ts gets a NUL in its path and its query, and every action built by defineAction
 * gets one in each field its schema reads, as the caller the action lets in.
 */

/** Query names the loaders read (and ones seen failing before), plus one no route reads. */
const QUERY_NAMES = [
  "q",
  "who",
  "action",
  "target",
  "token",
  "redirectTo",
  "email",
  "page",
  "section",
  "type",
  "status",
  "kind",
  "newsletter",
  "unknown",
];
const CONTROLS = ["\u0000", "\u0001", "\u001b", "\u007f", "\u0085"];

/** A path as a request would name it: each parameter (and a catch-all) replaced by `value`. */
const fill = (path: string, value: string) => path.replace(/:\w+/g, value).replace(/\*$/, value);

describeEachDatabase("control characters in the request target", (database) => {
  let server: Server;
  let base: string;
  let logged: ReturnType<typeof captureLogLines>;

  beforeAll(async () => {
    setSingleton("database", database());
    // No page is built here: a request the guard let through would fail (and log) a 500.
    const app = createApp({
      getBuild: () => {
        throw new Error("no pages in this test: the guard must answer first");
      },
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    logged = captureLogLines({ level: "warn" });
    setSingleton("logger", logged.log);
  });
  afterEach(() => resetSingleton("logger"));

  async function expectRefused(method: string, target: string, message: string) {
    const response = await fetch(`${base}${target}`, {
      method,
      headers: method === "POST" ? { "content-type": "application/x-www-form-urlencoded", origin: base } : {},
    });
    expect(response.status, `${method} ${target}`).toBe(400);
    expect(response.headers.get("cache-control"), `${method} ${target}`).toBe("no-store");
    expect(await response.json(), `${method} ${target}`).toEqual({ error: message });
  }

  it("finds the site's routes in app/routes.ts", () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/blog/:slug", "/admin/audit-log", "/reset-password", "/api/contact"]),
    );
  });

  it.each(routes.map((r) => [r.path, r] as const))(
    "%s: a control character in a query parameter or a path segment is a 400",
    async (_path, route) => {
      const url = fill(route.path, "x").replace(/\/$/, "") || "/";
      for (const name of QUERY_NAMES) {
        await expectRefused("GET", `${url}?${name}=%00`, TARGET_MESSAGES.control);
        await expectRefused("GET", `${url}?page=1&${name}=ab%00cd`, TARGET_MESSAGES.control);
      }
      for (const c of CONTROLS)
        await expectRefused("GET", `${url}?q=${encodeURIComponent(`a${c}`)}`, TARGET_MESSAGES.control);
      await expectRefused("GET", `${url}?%00=x`, TARGET_MESSAGES.control);
      await expectRefused("POST", `${url}?q=%00`, TARGET_MESSAGES.control);
      await expectRefused("GET", `${url === "/" ? "" : url}/%00`, TARGET_MESSAGES.control);
      await expectRefused("GET", `${url === "/" ? "" : url}/%E0%A4%A`, TARGET_MESSAGES.encoding);
      if (/:\w+|\*$/.test(route.path)) {
        for (const value of ["%00", "a%00b", "a%1Fb", "%7F"]) {
          await expectRefused("GET", fill(route.path, value), TARGET_MESSAGES.control);
          await expectRefused("GET", `${fill(route.path, value)}.data`, TARGET_MESSAGES.control);
        }
      }
      expect(logged.output(), "nothing is logged as an error").toBe("");
    },
  );
});

/** `value` with `c` after its first character (inside the array for a list). */
function inject(value: unknown, c: string): unknown {
  if (Array.isArray(value)) return value.map((item) => inject(item, c));
  const text = String(value);
  return `${text.slice(0, 1)}${c}${text.slice(1)}`;
}

describe("every action's schema refuses a control character in every field it reads", () => {
  it("finds the actions and their schemas", () => {
    expect(actionsWithSchemas.length).toBeGreaterThan(25);
    expect(actionsWithSchemas.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/api/contact", "/signin", "/api/dashboard/profile", "/admin/posts/:postId"]),
    );
  });

  it.each(actionsWithSchemas.map((r) => [r.path, r] as const))("%s", (_path, route) => {
    const schema = route.action.schema!;
    let tried = 0;
    const variants = variantsOf(schema);
    for (const variant of variants) {
      const chosen = samplesFor(schema, variant);
      for (const [key, sample] of Object.entries(chosen)) {
        for (const c of CONTROLS) {
          const label = `${route.path} ${JSON.stringify(variant.base)} ${key} ${JSON.stringify(inject(sample, c))}`;
          tried++;
          // Alone, so no rule across fields (a password and its confirmation) speaks for it. A
          // field that only turns its text into something else (a checkbox into a boolean) may
          // take it, as long as the character goes no further than the schema.
          if (issuesAt(schema, { ...variant.base, [key]: inject(sample, c) }, key).length > 0) continue;
          const whole = schema.safeParse({ ...variant.base, ...chosen, [key]: inject(sample, c) });
          expect(whole.success, label).toBe(true);
          expect(controlCharacterField({ [key]: (whole.data as Record<string, unknown>)[key] }), label).toBeNull();
        }
      }
    }
    // An action whose fields no sample fits (a passkey's nested answer, an upload) is covered by the
    // pipeline's own check below; one that reads nothing but a fixed intent has no text to refuse.
    const readsText = variants.some((variant) => variant.keys.length > 0);
    if (readsText && !["routes/api/api.signin.passkey.ts", "routes/api/admin/api.admin.images.ts"].includes(route.file))
      expect(tried, route.path).toBeGreaterThan(0);
  });
});

describeEachDatabase("a control character in any action's body", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  const caller = useActionCaller(db, "Nul");

  function expectRefused(answer: ActionAnswer, label: string, key: string) {
    expect(answer.status, label).toBeGreaterThanOrEqual(400);
    expect(answer.status, label).toBeLessThan(500);
    expect(answer.data.ok, label).toBe(false);
    if (answer.data.fieldErrors) expect(Object.keys(answer.data.fieldErrors), label).toContain(key);
  }

  it.each(actionsWithSchemas.map((r) => [r.path, r] as const))(
    "%s answers 400 naming the field, as a form and as JSON; nothing is logged",
    async (_path, route) => {
      const schema = route.action.schema!;
      for (const variant of variantsOf(schema)) {
        const chosen = { ...variant.base, ...samplesFor(schema, variant) };
        for (const key of Object.keys(chosen).filter((k) => !(k in variant.base))) {
          const body = { ...chosen, [key]: inject(chosen[key], "\u0000") };
          const label = `${route.path} ${key}=${JSON.stringify(body[key])}`;
          // A form carries text only: a list goes as repeated fields, as a browser sends a multi-select.
          if (!Array.isArray(chosen[key]))
            expectRefused(
              await caller.send(route, formBody(body), "application/x-www-form-urlencoded"),
              `${label} (form)`,
              key,
            );
          expectRefused(await caller.send(route, JSON.stringify(body), "application/json"), `${label} (JSON)`, key);
        }
        // A field no schema reads, nested in a JSON body: the pipeline refuses it all the same.
        const extra = `extra${crypto.randomInt(1000)}`;
        const answer = await caller.send(
          route,
          JSON.stringify({ ...chosen, [extra]: { deep: ["fine", "not\u0000fine"] } }),
          "application/json",
        );
        if (schema.safeParse(chosen).success) {
          expect(answer.status, `${route.path} nested`).toBe(400);
          expect(answer.data.fieldErrors, `${route.path} nested`).toEqual({ [extra]: CONTROL_CHARACTERS });
        } else {
          // The body is refused for another reason first (a field no sample fits): still no 5xx.
          expect([answer.status >= 400 && answer.status < 500, answer.data.ok], `${route.path} nested`).toEqual([
            true,
            false,
          ]);
        }
      }
      expect(caller.logged(), `${route.path}: nothing is logged as an error`).toBe("");
    },
  );
});
