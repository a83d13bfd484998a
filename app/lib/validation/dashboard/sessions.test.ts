import { describe, expect, it } from "vitest";
import { revokeSessionSchema } from "./sessions";

const messages = (input: unknown) => {
  const r = revokeSessionSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((issue) => issue.message);
};
const paths = (input: unknown) => {
  const r = revokeSessionSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((issue) => issue.path.join("."));
};

describe("revokeSessionSchema (revoke one signed-in device or all others)", () => {
  it("signs out one device by its session id, trimmed", () => {
    expect(revokeSessionSchema.parse({ intent: "revoke", sessionId: " s3ss10n-id " })).toEqual({
      intent: "revoke",
      sessionId: "s3ss10n-id",
    });
  });

  it("signs out every other device, with nothing else taken from the request", () => {
    expect(revokeSessionSchema.parse({ intent: "revoke-others", sessionId: "ignored" })).toEqual({
      intent: "revoke-others",
    });
  });

  it("asks to choose a device when the id is missing, blank or longer than any session id", () => {
    for (const sessionId of [undefined, "", "   ", "x".repeat(201)]) {
      expect(messages({ intent: "revoke", sessionId }), String(sessionId)).toEqual(["Choose a device."]);
    }
    expect(revokeSessionSchema.parse({ intent: "revoke", sessionId: "x".repeat(200) })).toEqual({
      intent: "revoke",
      sessionId: "x".repeat(200),
    });
    // Counted after trimming: spaces a form adds do not make an id too long.
    expect(revokeSessionSchema.parse({ intent: "revoke", sessionId: ` ${"x".repeat(200)} ` })).toEqual({
      intent: "revoke",
      sessionId: "x".repeat(200),
    });
    expect(messages({ intent: "revoke", sessionId: 42 })).toEqual(["Choose a device."]);
    expect(paths({ intent: "revoke", sessionId: "" })).toEqual(["sessionId"]);
  });

  it("refuses any other intent", () => {
    for (const intent of [undefined, "", "revoke-all", "REVOKE"]) {
      expect(messages({ intent, sessionId: "s" }), String(intent)).toEqual(["Choose what to sign out."]);
      expect(paths({ intent, sessionId: "s" }), String(intent)).toEqual(["intent"]);
    }
    expect(messages({ sessionId: "s" })).toEqual(["Choose what to sign out."]);
  });
});
