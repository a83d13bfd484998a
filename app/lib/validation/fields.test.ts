import { describe, expect, it } from "vitest";
import { z } from "zod";
import { controlCharacterField, fieldErrors, hasControlCharacter, noControl, notAllowedCharacters } from "./fields";
import { contactSchema } from "./site/contact";

describe("optional text (the contact form's telegram)", () => {
  const valid = { name: "Ada", email: "ada@example.com", message: "Hello" };

  it("keeps a value given, trimmed, and stores nothing for a blank or missing one", () => {
    expect(contactSchema.parse({ ...valid, telegram: " @ada_lovelace " }).telegram).toBe("@ada_lovelace");
    expect(contactSchema.parse({ ...valid, telegram: "   " }).telegram).toBeUndefined();
    expect(contactSchema.parse(valid).telegram).toBeUndefined();
  });
});

describe("email fields", () => {
  it("answer a missing email with the form's message, not a type error", () => {
    const r = contactSchema.safeParse({ name: "Ada", message: "Hello" });
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({ email: "Invalid email address" });
  });
});

describe("fieldErrors: what forms show under each input", () => {
  it('keeps the first message per field, and puts an error of the whole form under "form"', () => {
    const schema = z
      .object({ a: z.string().min(2, "a: too short").regex(/^x/, "a: must start with x"), b: z.string("b: required") })
      .refine(() => false, "the form is wrong");
    const r = schema.safeParse({ a: "y" });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({ a: "a: too short", b: "b: required" });
    const whole = schema.safeParse({ a: "xx", b: "" });
    expect(fieldErrors(whole.error!)).toEqual({ form: "the form is wrong" });
  });
});

describe("control characters: refused in every text field, with the field's message", () => {
  const controls = ["\u0000", "\u0001", "\u0007", "\u001b", "\u007f", "\u0085", "\u009f"];

  it("finds C0, DEL and C1; tab, line feed and carriage return only count outside multi-line text", () => {
    for (const c of controls) {
      expect(hasControlCharacter(`a${c}b`), JSON.stringify(c)).toBe(true);
      expect(hasControlCharacter(`a${c}b`, { lines: true }), JSON.stringify(c)).toBe(true);
    }
    for (const c of ["\t", "\n", "\r"]) {
      expect(hasControlCharacter(`a${c}b`), JSON.stringify(c)).toBe(true);
      expect(hasControlCharacter(`a${c}b`, { lines: true }), JSON.stringify(c)).toBe(false);
    }
    for (const fine of ["", "Ada Lovelace", "Zoë – ™ 😀", "\u00a0", "\u200b", "\u00a1"])
      expect(hasControlCharacter(fine), fine).toBe(false);
  });

  it("free text refuses them with the field's label; a message keeps its line breaks", () => {
    const valid = { name: "Ada", email: "ada@example.com", message: "Hello" };
    for (const c of controls) {
      for (const field of ["name", "message"] as const) {
        const r = contactSchema.safeParse({ ...valid, [field]: `A${c}B` });
        const label = { name: "Name", message: "Message" }[field];
        expect(r.success ? {} : fieldErrors(r.error), `${field} ${JSON.stringify(c)}`).toEqual({
          [field]: `${label} contains characters that are not allowed`,
        });
      }
      // A Telegram username is letters, digits and underscores only, so its own rule (and message)
      // is what refuses a control character there.
      const r = contactSchema.safeParse({ ...valid, telegram: `Abcde${c}B` });
      expect(r.success ? {} : fieldErrors(r.error), `telegram ${JSON.stringify(c)}`).toEqual({
        telegram: "Enter your Telegram username: 5–32 letters, digits or underscores, starting with a letter",
      });
    }
    expect(contactSchema.safeParse({ ...valid, name: "A\tB" }).success).toBe(false);
    expect(contactSchema.parse({ ...valid, message: "Line one\r\n\tLine two" }).message).toBe("Line one\r\n\tLine two");
    // Surrounding white space is trimmed before the check, as a pasted name's trailing newline is.
    expect(contactSchema.parse({ ...valid, name: "Ada\n" }).name).toBe("Ada");
  });

  it("an email with one is the field's own 'invalid' message, and never reaches the address check", () => {
    const r = contactSchema.safeParse({ name: "Ada", email: "a\u0000b@example.com", message: "Hello" });
    expect(r.success ? {} : fieldErrors(r.error)).toEqual({ email: "Invalid email address" });
  });

  it("noControl and notAllowedCharacters are what schemas outside this file use", () => {
    const schema = z.string().refine(noControl(), notAllowedCharacters("Title"));
    expect(schema.safeParse("Title\u0000").error?.issues[0]?.message).toBe(
      "Title contains characters that are not allowed",
    );
    expect(
      z
        .string()
        .refine(noControl({ lines: true }))
        .safeParse("a\nb").success,
    ).toBe(true);
  });

  it("controlCharacterField finds one anywhere in a parsed body: nested, in arrays, in keys, in a file name", () => {
    expect(controlCharacterField({ a: "fine\n\ttext", b: 1, c: null, d: [true, { e: "x" }] })).toBeNull();
    expect(controlCharacterField({ a: "ok", b: "x\u0000" })).toBe("b");
    expect(controlCharacterField({ a: { deep: [{ deeper: ["\u0000"] }] } })).toBe("a");
    expect(controlCharacterField({ a: { "key\u0000": 1 } })).toBe("a");
    expect(controlCharacterField({ "key\u0000": "value" })).toBe("form");
    expect(controlCharacterField({ a: "\u0085" })).toBe("a");
    expect(controlCharacterField({ file: new File(["x"], "a\u0000.png") })).toBe("file");
    expect(controlCharacterField({ file: new File(["\u0000"], "a.png") })).toBeNull();
    // As deep as a 64 KB JSON body can nest, without recursion.
    let nested: unknown = "\u0000";
    for (let i = 0; i < 40_000; i++) nested = [nested];
    expect(controlCharacterField({ a: nested })).toBe("a");
  });
});
