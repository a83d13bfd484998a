import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { MAX_SERIAL_ID, serialId, serialIdNumber } from "./serial-id";

describe("serial ids: a whole number from 1 to PostgreSQL's integer, or the field's message", () => {
  const answer = (schema: z.ZodType, value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : parsed.error.issues[0]!.message;
  };

  it("a form's digits are read as a number; a JSON body's must be a number already", () => {
    expect(answer(serialId("Unknown plan"), "42")).toBe(42);
    expect(answer(serialId("Unknown plan"), MAX_SERIAL_ID)).toBe(MAX_SERIAL_ID);
    expect(answer(serialIdNumber("Unknown plan"), 42)).toBe(42);
    expect(answer(serialIdNumber("Unknown plan"), "42")).toBe("Unknown plan");
  });

  it("refuses past the database's integer, as it would fail the query instead of finding nothing", () => {
    for (const schema of [serialId("Unknown plan"), serialIdNumber("Unknown plan")])
      expect(answer(schema, MAX_SERIAL_ID + 1)).toBe("Unknown plan");
    expect(answer(serialId("Unknown plan"), "3000000000")).toBe("Unknown plan");
  });

  it("refuses zero, negatives, fractions and what is not a number, with the same message", () => {
    for (const value of ["0", "-1", "1.5", "", "abc", null])
      expect(answer(serialId("Unknown plan"), value)).toBe("Unknown plan");
    for (const value of [0, -1, 1.5, Number.NaN])
      expect(answer(serialIdNumber("Unknown plan"), value)).toBe("Unknown plan");
  });
});
