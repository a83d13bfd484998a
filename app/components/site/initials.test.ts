import { describe, expect, it } from "vitest";
import { initialsOf } from "./initials";

describe("initialsOf", () => {
  it("takes the first letter of the first and the last word, upper-cased", () => {
    expect(initialsOf("Quintilla Marchbanks")).toBe("QM");
    expect(initialsOf("ana maría lópez")).toBe("AL");
  });

  it("gives one letter for one word, and none for a name without letters", () => {
    expect(initialsOf("Cher")).toBe("C");
    expect(initialsOf("   ")).toBe("");
    expect(initialsOf("")).toBe("");
    expect(initialsOf("🚀 ✨")).toBe("");
  });

  it("takes each word's first letter, passing over punctuation and words without letters", () => {
    expect(initialsOf("'Kev' (Jones)")).toBe("KJ");
    expect(initialsOf("🚀 Rocket Man &")).toBe("RM");
    expect(initialsOf("J. R. R. Tolkien")).toBe("JT");
  });

  it("keeps whole characters in any script and ignores extra spaces", () => {
    expect(initialsOf("  Ана   Петрова ")).toBe("АП");
    expect(initialsOf("𝒜da Lovelace")).toBe("𝒜L");
    expect(initialsOf("Élodie Ørsted")).toBe("ÉØ");
    // The same name with its accent as a separate combining mark (NFD), as some keyboards type it.
    expect(initialsOf("E\u0301lodie Ørsted")).toBe("ÉØ");
  });
});
