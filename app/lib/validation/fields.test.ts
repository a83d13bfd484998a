import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "./fields";
import { contactSchema } from "./contact";

describe("optional text (the contact form's telegram, spec §5)", () => {
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
  it("keeps the first message per field, and puts an error of the whole form under \"form\"", () => {
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
