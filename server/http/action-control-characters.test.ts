import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { CONTROL_CHARACTERS, defineAction } from "./action.ts";

const ORIGIN = "http://localhost";
type Envelope = { data: Record<string, unknown>; init: { status?: number } };

function post(body: string, type: string) {
  return new Request(`${ORIGIN}/api/test`, { method: "POST", headers: { "content-type": type, origin: ORIGIN }, body });
}

async function call(action: ReturnType<typeof defineAction>, request: Request) {
  return (await action({ request, context: { clientIp: "10.0.0.1" } })) as unknown as Envelope;
}

// A schema that reads one field and passes another through unread: what no field rule sees.
const schema = z.object({ name: z.string(), extra: z.record(z.string(), z.unknown()).optional() });

describe("defineAction: a control character the schema did not read is still refused", () => {
  it("answers 400 naming the field, for a stripped field, a nested value or a key; run never starts", async () => {
    const run = vi.fn(async () => ({}));
    const action = defineAction({ schema, run });
    const cases: [string, string, string][] = [
      [JSON.stringify({ name: "Ada", stray: "x\u0000" }), "application/json", "stray"],
      [JSON.stringify({ name: "Ada", extra: { deep: ["\u0000"] } }), "application/json", "extra"],
      [JSON.stringify({ name: "Ada", extra: { "k\u0000": 1 } }), "application/json", "extra"],
      [JSON.stringify({ name: "Ada", "k\u0000": 1 }), "application/json", "form"],
      ["name=Ada&stray=%00", "application/x-www-form-urlencoded", "stray"],
      ["name=A%00da", "application/x-www-form-urlencoded", "name"],
    ];
    for (const [body, type, field] of cases) {
      const answer = await call(action, post(body, type));
      expect(answer.init.status, body).toBe(400);
      expect(answer.data, body).toEqual({
        ok: false,
        error: CONTROL_CHARACTERS,
        fieldErrors: { [field]: CONTROL_CHARACTERS },
      });
    }
    expect(run).not.toHaveBeenCalled();
  });

  it("keeps the tab and line breaks of multi-line text", async () => {
    const action = defineAction({ schema, run: async ({ input }) => ({ name: input.name }) });
    const answer = await call(
      action,
      post(JSON.stringify({ name: "a\r\n\tb", extra: { note: "x\ny" } }), "application/json"),
    );
    expect(answer.data).toEqual({ ok: true, name: "a\r\n\tb" });
  });

  it("lets the schema's own field message speak first", async () => {
    const labelled = z.object({
      name: z.string().refine((v) => !v.includes("\u0000"), "Name contains characters that are not allowed"),
    });
    const answer = await call(
      defineAction({ schema: labelled, run: async () => ({}) }),
      post(JSON.stringify({ name: "A\u0000" }), "application/json"),
    );
    expect(answer.init.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ name: "Name contains characters that are not allowed" });
  });
});
