import { afterEach, beforeAll, beforeEach } from "vitest";
import type { z } from "zod";
import type { Db } from "#server/db/client";
import type { ActionAccess } from "#server/http/action";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { createRouteParams } from "./admin-routes";
import { captureLogLines } from "./log-capture";
import { openTestPortalSession } from "./portal";
import { routesExporting } from "./route-modules";
import { ORIGIN } from "./route-request";
import { signUpOwnerAndMember } from "./staff";

/*
 * Every action built by defineAction, found from app/routes.ts (no hand-kept list), with what a
 * test needs to send each one a body of its own making: the fields its schema reads, a value
 * each field accepts, and a caller signed in as the action lets in.
 */

type Action = ((args: unknown) => Promise<unknown>) & Partial<ActionAccess> & { schema?: z.ZodType };
export const withActions = await routesExporting<"action", Action>("action");
export type RouteWithAction = (typeof withActions)[number];
export const actionsWithSchemas = withActions.filter((r) => r.action.schema);

/** Values a text field may take; each field is tried with the first one its schema accepts. */
const SAMPLES: unknown[] = [
  "A",
  "a",
  "a@example.com",
  "Abcdefg1",
  "123456",
  "1",
  "/images/a.jpg",
  "monthly",
  "true",
  "25",
  "123e4567-e89b-42d3-a456-426614174000",
].flatMap((s) => [s, [s]]);

type Variant = { base: Record<string, unknown>; keys: string[] };
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  values?: unknown[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Each shape a schema accepts (a discriminated union's options, a preprocessed schema's target): its literal fields and the rest. */
export function variantsOf(schema: z.ZodType): Variant[] {
  const def = defOf(schema);
  if (def.type === "union") return def.options!.flatMap(variantsOf);
  if (def.type === "pipe") return variantsOf(defOf(def.in!).type === "transform" ? def.out! : def.in!);
  if (def.type !== "object") throw new Error(`A schema of type ${def.type}: teach variantsOf its fields`);
  const base: Record<string, unknown> = {};
  const keys: string[] = [];
  for (const [key, field] of Object.entries(def.shape!)) {
    const fieldDef = defOf(field);
    if (fieldDef.type === "literal") base[key] = fieldDef.values![0];
    else keys.push(key);
  }
  return [{ base, keys }];
}

export const issuesAt = (schema: z.ZodType, body: Record<string, unknown>, key: string) =>
  (schema.safeParse(body).error?.issues ?? []).filter((issue) => issue.path[0] === key);

/** The first sample each field accepts, where one does (`more` are tried after the text ones). */
export function samplesFor(schema: z.ZodType, variant: Variant, more: unknown[] = []): Record<string, unknown> {
  const chosen: Record<string, unknown> = {};
  for (const key of variant.keys) {
    const sample = [...SAMPLES, ...more].find((s) => issuesAt(schema, { ...variant.base, [key]: s }, key).length === 0);
    if (sample !== undefined) chosen[key] = sample;
  }
  return chosen;
}

/** A form carries text only: a list goes as repeated fields, as a browser sends a multi-select. */
export function formBody(body: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(body))
    for (const item of Array.isArray(value) ? value : [value]) out.append(key, String(item));
  return out;
}

export type ActionAnswer = { status: number; data: { ok?: unknown; fieldErrors?: Record<string, string> } };

function settle(value: unknown): ActionAnswer {
  if (value instanceof Response) return { status: value.status, data: {} };
  const shaped = value as { type?: string; data?: ActionAnswer["data"]; init?: ResponseInit | null } | null;
  if (shaped?.type === "DataWithResponseInit") return { status: shaped.init?.status ?? 200, data: shaped.data ?? {} };
  return { status: 200, data: (value ?? {}) as ActionAnswer["data"] };
}

/**
 * Sends any action a body as the caller it lets in: an owner (who may do everything, so every
 * back-office action reads its body), a member, a visitor, or the member's Telegram portal
 * session. `prepare` (in a `beforeAll`) signs them up and makes a row for every route parameter.
 */
function actionCaller(db: () => Db, label: string) {
  const cookies: Record<"staff" | "member" | "visitor" | "portal", string> = {
    staff: "",
    member: "",
    visitor: "",
    portal: "",
  };
  let portalToken = "";
  const params: Record<string, string> = {};
  let address = 0;
  return {
    async prepare() {
      const { owner, member } = await signUpOwnerAndMember(db());
      cookies.staff = owner.cookie;
      cookies.member = member.cookie;
      portalToken = await openTestPortalSession({ db: db(), userId: member.userId });
      Object.assign(params, await createRouteParams({ db: db(), paths: withActions.map((r) => r.path), label }));
    },
    async send(route: RouteWithAction, body: BodyInit, type: string): Promise<ActionAnswer> {
      const subject = route.action.access ?? "visitor";
      const url = route.path.replace(/:(\w+)/g, (_, name: string) => params[name]!);
      const request = new Request(`${ORIGIN}${url}`, {
        method: "POST",
        headers: {
          "content-type": type,
          origin: ORIGIN,
          cookie: cookies[subject],
          ...(subject === "portal" ? { authorization: `Bearer ${portalToken}` } : {}),
        },
        body,
      });
      const routeParams = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, params[m[1]!]!]));
      // Each call from its own address, so no per-address limit answers in the body's place.
      address++;
      const clientIp = `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`;
      try {
        return settle(await route.action({ request, params: routeParams, context: { clientIp } }));
      } catch (thrown) {
        if (thrown instanceof Response || (thrown as { type?: string })?.type === "DataWithResponseInit")
          return settle(thrown);
        throw thrown;
      }
    },
  };
}

/**
 * For a file of tests that send actions bodies (after `useProcessDatabase`): the caller, prepared
 * once, and what each test logged at warning level or above (nothing, when bad input is answered
 * as it should be).
 */
export function useActionCaller(db: () => Db, label: string) {
  const caller = actionCaller(db, label);
  let logged: ReturnType<typeof captureLogLines>;
  beforeAll(() => caller.prepare());
  beforeEach(() => {
    logged = captureLogLines({ level: "warn" });
    setSingleton("logger", logged.log);
  });
  afterEach(() => resetSingleton("logger"));
  return { send: caller.send, logged: () => logged.output() };
}
