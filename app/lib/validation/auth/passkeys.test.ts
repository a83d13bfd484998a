import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  addPasskeySchema,
  PASSKEY_NAME_MAX,
  passkeySignInSchema,
  removePasskeySchema,
  renamePasskeySchema,
} from "./passkeys";

const NOT_A_PASSKEY = "The passkey's answer was not understood. Please try again.";
const issuesOf = (schema: z.ZodType, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};
const credential = { id: "cred-ID_1", rawId: "cred-ID_1", type: "public-key" };
const registration = { ...credential, response: { clientDataJSON: "Y2xpZW50", attestationObject: "YXR0ZXN0" } };
const assertion = {
  ...credential,
  response: { clientDataJSON: "Y2xpZW50", authenticatorData: "YXV0aA", signature: "c2ln" },
};
// Sets one value at a dotted path of a copy: "response.signature".
const withValue = (base: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> => {
  const [head, ...rest] = path.split(".");
  return {
    ...base,
    [head!]: rest.length ? withValue(base[head!] as Record<string, unknown>, rest.join("."), value) : value,
  };
};

describe("passkey names", () => {
  it("are at most 64 characters", () => {
    expect(PASSKEY_NAME_MAX).toBe(64);
  });

  it("are optional when adding one (blank: named after the authenticator), trimmed", () => {
    expect(addPasskeySchema.parse({ name: "  Work laptop ", response: registration }).name).toBe("Work laptop");
    expect(addPasskeySchema.parse({ name: "   ", response: registration }).name).toBeUndefined();
    expect(addPasskeySchema.parse({ name: "n".repeat(64), response: registration }).name).toBe("n".repeat(64));
    expect(issuesOf(addPasskeySchema, { name: "n".repeat(65), response: registration })).toEqual([
      { path: "name", message: "Passkey name must be less than 64 characters" },
    ]);
  });

  it("are required when renaming one, which names it by its id", () => {
    expect(renamePasskeySchema.parse({ id: "pk_1", name: " Phone " })).toStrictEqual({ id: "pk_1", name: "Phone" });
    expect(renamePasskeySchema.parse({ id: "i".repeat(100), name: "n".repeat(64) })).toStrictEqual({
      id: "i".repeat(100),
      name: "n".repeat(64),
    });
    expect(issuesOf(renamePasskeySchema, { id: "pk_1", name: " " })).toEqual([
      { path: "name", message: "Passkey name is required" },
    ]);
    expect(issuesOf(renamePasskeySchema, { id: "pk_1", name: "n".repeat(65) })).toEqual([
      { path: "name", message: "Passkey name must be less than 64 characters" },
    ]);
  });
});

describe("passkey ids (rename and remove)", () => {
  it("are from 1 to 100 characters", () => {
    expect(removePasskeySchema.parse({ id: "pk_1" })).toStrictEqual({ id: "pk_1" });
    for (const id of [undefined, 1, "", "i".repeat(101)]) {
      expect(issuesOf(removePasskeySchema, { id }), String(id)).toEqual([
        { path: "id", message: "Passkey not found." },
      ]);
      expect(issuesOf(renamePasskeySchema, { id, name: "Phone" }), String(id)).toEqual([
        { path: "id", message: "Passkey not found." },
      ]);
    }
  });
});

describe("addPasskeySchema: the authenticator's registration answer", () => {
  it("keeps the answer, with no extensions when none are sent", () => {
    expect(addPasskeySchema.parse({ response: registration })).toStrictEqual({
      response: { ...registration, clientExtensionResults: {} },
    });
    const full = {
      ...registration,
      authenticatorAttachment: "cross-platform",
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        ...registration.response,
        transports: ["usb", "t".repeat(32)],
        publicKeyAlgorithm: -7,
        publicKey: "cHVi",
        authenticatorData: "YXV0aA",
      },
    };
    expect(addPasskeySchema.parse({ response: full }).response).toStrictEqual(full);
    expect(
      addPasskeySchema.parse({ response: { ...registration, authenticatorAttachment: "platform" } }).response
        .authenticatorAttachment,
    ).toBe("platform");
  });

  it("refuses an answer that is not one, in the same words", () => {
    for (const input of [{}, { response: "x" }, { response: { ...registration, response: undefined } }]) {
      expect(issuesOf(addPasskeySchema, input)[0]!.message).toBe(NOT_A_PASSKEY);
    }
    for (const [path, value] of [
      ["response.id", ""],
      ["response.rawId", ""],
      ["response.id", 5],
      ["response.type", "password"],
      ["response.response.clientDataJSON", undefined],
      ["response.response.attestationObject", undefined],
    ] as const) {
      expect(
        issuesOf(addPasskeySchema, withValue({ response: registration }, path, value)),
        `${path} ${String(value)}`,
      ).toEqual([{ path, message: NOT_A_PASSKEY }]);
    }
  });

  it("bounds the extras: a known attachment, at most 10 transports of 32 characters, a numeric algorithm", () => {
    const extra = (path: string, value: unknown) =>
      issuesOf(addPasskeySchema, withValue({ response: registration }, path, value)).map((issue) => issue.path);
    expect(extra("response.authenticatorAttachment", "usb")).toEqual(["response.authenticatorAttachment"]);
    expect(extra("response.clientExtensionResults", "x")).toEqual(["response.clientExtensionResults"]);
    expect(
      extra(
        "response.response.transports",
        Array.from({ length: 10 }, () => "usb"),
      ),
    ).toEqual([]);
    expect(
      extra(
        "response.response.transports",
        Array.from({ length: 11 }, () => "usb"),
      ),
    ).toEqual(["response.response.transports"]);
    expect(extra("response.response.transports", ["t".repeat(33)])).toEqual(["response.response.transports.0"]);
    expect(extra("response.response.publicKeyAlgorithm", "-7")).toEqual(["response.response.publicKeyAlgorithm"]);
  });
});

describe("passkeySignInSchema: the authenticator's signed answer", () => {
  it("keeps the answer and where to go next", () => {
    expect(passkeySignInSchema.parse({ response: assertion, redirectTo: "/dashboard" })).toStrictEqual({
      response: { ...assertion, clientExtensionResults: {} },
      redirectTo: "/dashboard",
    });
    const withHandle = withValue({ response: assertion }, "response.response.userHandle", "dXNlcg");
    expect(passkeySignInSchema.parse(withHandle).response.response.userHandle).toBe("dXNlcg");
  });

  it("requires the signed parts, and bounds where to go next at 2048 characters", () => {
    for (const path of [
      "response.response.clientDataJSON",
      "response.response.authenticatorData",
      "response.response.signature",
    ]) {
      expect(issuesOf(passkeySignInSchema, withValue({ response: assertion }, path, undefined)), path).toEqual([
        { path, message: NOT_A_PASSKEY },
      ]);
    }
    expect(issuesOf(passkeySignInSchema, { response: assertion, redirectTo: `/${"r".repeat(2047)}` })).toEqual([]);
    expect(
      issuesOf(passkeySignInSchema, { response: assertion, redirectTo: `/${"r".repeat(2048)}` }).map(
        (issue) => issue.path,
      ),
    ).toEqual(["redirectTo"]);
  });
});

describe("base64url parts of both answers", () => {
  // Each part with its bound: the answer cannot carry megabytes of "credential".
  const parts = [
    [addPasskeySchema, registration, "response.id", 1024],
    [addPasskeySchema, registration, "response.rawId", 1024],
    [addPasskeySchema, registration, "response.response.clientDataJSON", 8192],
    [addPasskeySchema, registration, "response.response.attestationObject", 16384],
    [addPasskeySchema, registration, "response.response.publicKey", 4096],
    [addPasskeySchema, registration, "response.response.authenticatorData", 16384],
    [passkeySignInSchema, assertion, "response.id", 1024],
    [passkeySignInSchema, assertion, "response.rawId", 1024],
    [passkeySignInSchema, assertion, "response.response.clientDataJSON", 8192],
    [passkeySignInSchema, assertion, "response.response.authenticatorData", 16384],
    [passkeySignInSchema, assertion, "response.response.signature", 4096],
    [passkeySignInSchema, assertion, "response.response.userHandle", 1024],
  ] as const;

  it.each(parts)("%#: %s is base64url of at most its bound", (schema, response, path, max) => {
    const at = (value: unknown) => issuesOf(schema, withValue({ response }, path, value));
    expect(at("AZaz09_-")).toEqual([]);
    expect(at("a".repeat(max))).toEqual([]);
    for (const value of ["a".repeat(max + 1), "abc=", "ab+c", "ab/c", "a b", "+abc", "abc+"]) {
      expect(at(value), `${path} ${value.slice(0, 8)}`).toEqual([{ path, message: NOT_A_PASSKEY }]);
    }
  });
});
