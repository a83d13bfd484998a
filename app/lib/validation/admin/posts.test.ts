import { describe, expect, it } from "vitest";
import { fieldErrors } from "../fields";
import {
  postEditorSchema,
  postFieldsSchema,
  postListQuerySchema,
  postMessages,
  postReadiness,
  scheduleInputSchema,
  slugFromTitle,
} from "./posts";

const base = { title: "Weekly outlook", slug: "weekly-outlook" };
const errorsOf = (fields: Record<string, string>) => {
  const parsed = postFieldsSchema.safeParse({ ...base, ...fields });
  // The first message per field: the one the form shows.
  const errors: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
};
const upload = "/uploads/0123456789abcdef0123456789abcdef-1600x900.webp";

describe("post images", () => {
  it("takes an upload, a site path or nothing as the hero image, never an address elsewhere", () => {
    for (const image of [upload, "/images/blog/outlook.png", "", "  "]) expect(errorsOf({ image }), image).toEqual({});
    for (const image of [
      "https://cdn.example.com/a.png",
      "//cdn.example.com/a.png",
      "javascript:alert(1)",
      "images/a.png",
      "/images/a b.png",
    ]) {
      expect(errorsOf({ image }), image).toEqual({
        image: "Upload the hero image, or use an address on this site (/images/…).",
      });
    }
  });

  it("also takes an https address elsewhere as the social image (crawlers fetch it), but no other scheme", () => {
    for (const socialImage of [upload, "/images/blog/outlook.png", "https://cdn.example.com/a.png", ""])
      expect(errorsOf({ socialImage }), socialImage).toEqual({});
    for (const socialImage of [
      "http://cdn.example.com/a.png",
      "//cdn.example.com/a.png",
      "https://nodot/a.png",
      "data:image/png;base64,AA",
    ]) {
      expect(errorsOf({ socialImage }), socialImage).toEqual({
        socialImage: "Upload the social image, or use an address on this site (/images/…) or a full https:// address.",
      });
    }
  });
});

describe("post fields", () => {
  it("requires a title and a slug of lower-case words and single hyphens, each within its length", () => {
    expect(errorsOf({ title: "  " })).toEqual({ title: "Please enter a title." });
    expect(errorsOf({ title: "x".repeat(201) })).toEqual({ title: "The title must be at most 200 characters." });
    expect(errorsOf({ title: "x".repeat(200) })).toEqual({});
    expect(errorsOf({ slug: "" })).toMatchObject({ slug: "Please enter a slug: the post's address, /blog/your-slug." });
    for (const slug of ["Risk-rules", "risk--rules", "-risk", "risk-", "risk rules", "risk_rules"]) {
      expect(errorsOf({ slug }), slug).toEqual({
        slug: "A slug uses lower-case letters, digits and single hyphens, such as risk-rules-2027.",
      });
    }
    expect(errorsOf({ slug: "a".repeat(101) })).toMatchObject({ slug: "The slug must be at most 100 characters." });
    expect(errorsOf({ slug: "a".repeat(100) })).toEqual({});
    const missingTitle = postFieldsSchema.safeParse({ slug: "x" });
    expect(missingTitle.success || missingTitle.error.issues[0]!.message).toBe("Please enter a title.");
  });

  it("limits each text field with its own words, and trims what it keeps", () => {
    expect(errorsOf({ category: "c".repeat(61) })).toEqual({ category: "The category must be at most 60 characters." });
    expect(errorsOf({ excerpt: "e".repeat(401) })).toEqual({ excerpt: "The excerpt must be at most 400 characters." });
    expect(errorsOf({ author: "a".repeat(101) })).toEqual({ author: "The author must be at most 100 characters." });
    expect(errorsOf({ authorRole: "a".repeat(101) })).toEqual({
      authorRole: "The author's role must be at most 100 characters.",
    });
    expect(errorsOf({ seoTitle: "s".repeat(121) })).toEqual({
      seoTitle: "The SEO title must be at most 120 characters.",
    });
    expect(errorsOf({ seoDescription: "s".repeat(321) })).toEqual({
      seoDescription: "The SEO description must be at most 320 characters.",
    });
    expect(errorsOf({ image: `/images/${"a".repeat(493)}` })).toEqual({
      image: "The hero image must be at most 500 characters.",
    });
    expect(errorsOf({ socialImage: `/images/${"a".repeat(493)}` })).toEqual({
      socialImage: "The social image must be at most 500 characters.",
    });
    // A slug that is not text at all (a tampered request) gets the same words as a missing one.
    expect(postFieldsSchema.safeParse({ ...base, slug: 42 }).error?.issues[0]?.message).toBe(
      "Please enter a slug: the post's address, /blog/your-slug.",
    );
    expect(errorsOf({ content: "x".repeat(50_001) })).toEqual({
      content: "The post is too long: at most 50,000 characters of formatted text.",
    });
    const parsed = postFieldsSchema.parse({ ...base, category: "  News ", excerpt: " Short. " });
    expect(parsed).toMatchObject({
      category: "News",
      excerpt: "Short.",
      author: "",
      image: "",
      content: "",
      seoTitle: "",
      socialImage: "",
    });
  });
});

describe("the editor's intents", () => {
  it("schedules at a date-time with its offset, and refuses anything else with the words the editor shows", () => {
    const scheduled = postEditorSchema.parse({ ...base, intent: "schedule", scheduledAt: "2026-12-01T09:30:00+01:00" });
    expect(scheduled.intent === "schedule" && scheduled.scheduledAt.toISOString()).toBe("2026-12-01T08:30:00.000Z");
    for (const scheduledAt of [undefined, "", "tomorrow", "2026-12-01T09:30"]) {
      const refused = postEditorSchema.safeParse({ ...base, intent: "schedule", scheduledAt });
      expect(refused.success, String(scheduledAt)).toBe(false);
      expect(refused.error?.issues[0]?.message, String(scheduledAt)).toBe("Choose the date and time to publish at.");
    }
    expect(postEditorSchema.parse({ ...base, intent: "save" })).toMatchObject({ intent: "save", autosave: false });
    expect(postEditorSchema.parse({ intent: "archive" })).toEqual({ intent: "archive" });
    expect(postEditorSchema.safeParse({ ...base, intent: "delete" }).success).toBe(false);
  });

  it("knows every button: the saving ones carry the fields, the status ones nothing else", () => {
    for (const intent of ["publish", "preview"]) {
      expect(postEditorSchema.parse({ ...base, intent }), intent).toMatchObject({
        intent,
        title: base.title,
        slug: base.slug,
      });
      expect(postEditorSchema.safeParse({ intent }).success, `${intent} without fields`).toBe(false);
    }
    expect(postEditorSchema.parse({ ...base, intent: "save", autosave: true })).toMatchObject({
      intent: "save",
      autosave: true,
    });
    for (const intent of ["unschedule", "unpublish", "archive", "restore"]) {
      expect(postEditorSchema.parse({ ...base, intent }), intent).toStrictEqual({ intent });
    }
    expect(postEditorSchema.safeParse({ ...base, intent: "" }).success).toBe(false);
  });

  it("reads the list's address leniently: a bad status or page is ignored, not an error", () => {
    expect(postListQuerySchema.parse({ q: "  risk ", status: "scheduled", page: "3" })).toEqual({
      q: "risk",
      status: "scheduled",
      page: 3,
    });
    expect(postListQuerySchema.parse({ q: "x".repeat(201), status: "deleted", page: "0" })).toEqual({
      q: "",
      status: undefined,
      page: 1,
    });
    expect(postListQuerySchema.parse({ page: "10001" }).page).toBe(1);
    expect(postListQuerySchema.parse({ page: "2.5" }).page).toBe(1);
    expect(postListQuerySchema.parse({})).toEqual({ q: "", status: undefined, page: 1 });
  });
});

describe("postReadiness and the messages built from it", () => {
  const ready = { content: "<p>Body</p>", category: "News", excerpt: "Short", author: "Mira", image: upload };

  it("names what a post lacks before it can go public, in the editor's order", () => {
    expect(postReadiness(ready)).toEqual([]);
    expect(postReadiness({ ...ready, content: "<p> </p><br>" })).toEqual(["a body"]);
    // White space is not an excerpt, an author or an image.
    expect(postReadiness({ ...ready, excerpt: "  ", author: " ", image: "   " })).toEqual([
      "an excerpt",
      "an author",
      "a hero image",
    ]);
    expect(postReadiness({ content: "", category: " ", excerpt: "", author: "", image: "" })).toEqual([
      "a body",
      "a category",
      "an excerpt",
      "an author",
      "a hero image",
    ]);
    expect(postMessages.notReady(["a body"])).toBe("Before it can be published, the post needs a body.");
    expect(postMessages.notReady(["a body", "an author"])).toBe(
      "Before it can be published, the post needs a body and an author.",
    );
    expect(postMessages.notReady(["a body", "a category", "an author"])).toBe(
      "Before it can be published, the post needs a body, a category and an author.",
    );
    expect(postMessages.slugTaken("Risk rules")).toBe("This slug is already used by “Risk rules”. Choose another one.");
    expect(postMessages.slugTaken()).toBe("This slug is already used by another post. Choose another one.");
  });

  it("makes a slug from a title: ASCII words, lower case, single hyphens, at most 100 characters", () => {
    expect(slugFromTitle("Risk & Reward: 2027!")).toBe("risk-reward-2027");
    expect(slugFromTitle("  Été à Zürich  ")).toBe("ete-a-zurich");
    expect(slugFromTitle("--Hello--World--")).toBe("hello-world");
    expect(slugFromTitle("!!!")).toBe("");
    const long = slugFromTitle(`${"a".repeat(99)} b`);
    expect(long).toBe("a".repeat(99));
    expect(slugFromTitle("word ".repeat(40)).length).toBeLessThanOrEqual(100);
  });
});

describe("control characters in a post", () => {
  const post = { intent: "save", title: "Risk rules", slug: "risk-rules" };
  it("are refused in every field with its message; the body, excerpt and SEO description keep their line breaks", () => {
    const refused = (fields: Record<string, string>) => {
      const r = postEditorSchema.safeParse({ ...post, ...fields });
      return r.success ? {} : fieldErrors(r.error);
    };
    expect(refused({ title: "Risk\u0000rules" })).toEqual({
      title: "The title contains characters that are not allowed.",
    });
    expect(refused({ content: "<p>a\u0000</p>" })).toEqual({
      content: "The post contains characters that are not allowed.",
    });
    expect(refused({ category: "News\u0001" })).toEqual({
      category: "The category contains characters that are not allowed.",
    });
    expect(refused({ image: "/images/a\u0000.jpg" })).toEqual({ image: postMessages.heroImageFormat });
    expect(refused({ content: "<p>a</p>\n\t<p>b</p>\r\n", excerpt: "One\nTwo", seoDescription: "One\r\nTwo" })).toEqual(
      {},
    );
    expect(refused({ excerpt: "One\u0000" })).toEqual({
      excerpt: "The excerpt contains characters that are not allowed.",
    });
  });
});

describe("scheduleInputSchema: the schedule dialog's picker", () => {
  it("sends a future local time as its exact moment, and refuses an empty, unreadable or past one", () => {
    const future = new Date(Date.now() + 3_600_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    const local = `${future.getFullYear()}-${pad(future.getMonth() + 1)}-${pad(future.getDate())}T${pad(future.getHours())}:${pad(future.getMinutes())}`;
    expect(scheduleInputSchema.parse({ at: local }).at).toBe(new Date(local).toISOString());
    const first = (at: string) => {
      const parsed = scheduleInputSchema.safeParse({ at });
      return parsed.success ? null : parsed.error.issues[0]!.message;
    };
    expect(first("")).toBe(postMessages.scheduleInvalid);
    expect(first("not a time")).toBe(postMessages.scheduleInvalid);
    expect(first("2020-01-01T10:00")).toBe(postMessages.scheduleInPast);
  });
});
