import { describe, expect, it } from "vitest";

// Every schema module, loaded inside a test rather than imported at the top. A schema that
// throws while its module loads (a discriminated union without its discriminator, a message
// built with a bad locale) fails every test file that imports it before any test runs, and a
// runner that counts only the tests it collected would report nothing at all; here it fails a
// test by name.
const modules = import.meta.glob<Record<string, unknown>>(["./**/*.ts", "!./**/*.test.ts"]);

describe("the validation modules", () => {
  it("are all found", () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(modules)).toContain("./admin/posts.ts");
  });

  for (const [file, load] of Object.entries(modules)) {
    it(`${file} loads and exports its schemas`, async () => {
      const exports = await load();
      expect(Object.keys(exports).length, file).toBeGreaterThan(0);
    });
  }
});
