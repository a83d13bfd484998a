import { describe, expect, it } from "vitest";
import { postFieldsSchema } from "./posts";

const base = { title: "Weekly outlook", slug: "weekly-outlook" };
const errorsOf = (fields: Record<string, string>) => {
  const parsed = postFieldsSchema.safeParse({ ...base, ...fields });
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};
const upload = "/uploads/0123456789abcdef0123456789abcdef-1600x900.webp";

describe("post images", () => {
  it("takes an upload, a site path or nothing as the hero image, never an address elsewhere", () => {
    for (const image of [upload, "/images/blog/outlook.png", "", "  "]) expect(errorsOf({ image }), image).toEqual({});
    for (const image of ["https://cdn.example.com/a.png", "//cdn.example.com/a.png", "javascript:alert(1)", "images/a.png", "/images/a b.png"]) {
      expect(errorsOf({ image }), image).toEqual({ image: "Upload the hero image, or use an address on this site (/images/…)." });
    }
  });

  it("also takes an https address elsewhere as the social image (crawlers fetch it), but no other scheme", () => {
    for (const socialImage of [upload, "/images/blog/outlook.png", "https://cdn.example.com/a.png", ""]) expect(errorsOf({ socialImage }), socialImage).toEqual({});
    for (const socialImage of ["http://cdn.example.com/a.png", "//cdn.example.com/a.png", "https://nodot/a.png", "data:image/png;base64,AA"]) {
      expect(errorsOf({ socialImage }), socialImage).toEqual({
        socialImage: "Upload the social image, or use an address on this site (/images/…) or a full https:// address.",
      });
    }
  });
});
