import { describe, expect, it } from "vitest";
import {
  KNOWLEDGEBASE_CONTENT_MAX,
  KNOWLEDGEBASE_TITLE_MAX,
  knowledgebaseArticleSchema,
  knowledgebaseListSchema,
  knowledgebaseMessages,
} from "./knowledgebase";

const issuesOf = (schema: typeof knowledgebaseArticleSchema | typeof knowledgebaseListSchema, input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};
const article = (change: Record<string, unknown>) =>
  issuesOf(knowledgebaseArticleSchema, { title: "Getting started", content: "<p>Welcome.</p>", ...change });
const list = (input: Record<string, unknown>) => issuesOf(knowledgebaseListSchema, input);

describe("the knowledgebase's limits and words", () => {
  it("are the ones the editor shows", () => {
    expect(KNOWLEDGEBASE_TITLE_MAX).toBe(200);
    expect(KNOWLEDGEBASE_CONTENT_MAX).toBe(50_000);
    expect(knowledgebaseMessages).toEqual({
      titleRequired: "Please enter a title.",
      titleTooLong: "The title must be at most 200 characters.",
      titleCharacters: "The title contains characters that are not allowed.",
      contentCharacters: "The article contains characters that are not allowed.",
      contentRequired: "Please write the article's text.",
      contentTooLong: "The article is too long: at most 50,000 characters of formatted text.",
      badArticle: "Unknown article.",
      badDirection: "Move the article up or down.",
    });
  });
});

describe("knowledgebaseArticleSchema", () => {
  it("keeps the title trimmed and the editor's HTML as it came", () => {
    expect(
      knowledgebaseArticleSchema.parse({ title: "  Getting started\t", content: " <p>Welcome.</p>\n" }),
    ).toStrictEqual({
      title: "Getting started",
      content: " <p>Welcome.</p>\n",
    });
    expect(article({ content: "Plain words" })).toEqual([]);
  });

  it("requires a title of at most 200 characters, counted after trimming", () => {
    for (const title of [undefined, 7, "", "   "]) {
      expect(article({ title }), String(title)).toEqual([{ path: "title", message: "Please enter a title." }]);
    }
    expect(article({ title: ` ${"t".repeat(200)} ` })).toEqual([]);
    expect(article({ title: "t".repeat(201) })).toEqual([
      { path: "title", message: "The title must be at most 200 characters." },
    ]);
  });

  it("requires text in the body: tags alone, or white space inside them, are no article", () => {
    for (const content of [
      undefined,
      null,
      "",
      "   ",
      "<p></p>",
      "<p> </p>",
      "<p></p><p></p>",
      "<p><br></p>",
      '<h2 class="x"></h2>\n<ul><li></li></ul>',
    ]) {
      expect(article({ content }), String(content)).toEqual([
        { path: "content", message: "Please write the article's text." },
      ]);
    }
    for (const content of ["<p>a</p>", "<p></p>b", "a<p></p>", "<br>1<br>", "<img src=/a.png>x"]) {
      expect(article({ content }), content).toEqual([]);
    }
  });

  it("allows at most 50,000 characters of HTML, tags included", () => {
    const wrapped = (length: number) => `<p>${"x".repeat(length - 7)}</p>`;
    expect(wrapped(50_000)).toHaveLength(50_000);
    expect(article({ content: wrapped(50_000) })).toEqual([]);
    expect(article({ content: wrapped(50_001) })).toEqual([
      { path: "content", message: "The article is too long: at most 50,000 characters of formatted text." },
    ]);
  });
});

describe("knowledgebaseListSchema: the list's buttons", () => {
  it("publishes or unpublishes one article", () => {
    expect(knowledgebaseListSchema.parse({ intent: "publish", id: "3", published: "true" })).toStrictEqual({
      intent: "publish",
      id: 3,
      published: true,
    });
    expect(knowledgebaseListSchema.parse({ intent: "publish", id: "3", published: "false" })).toStrictEqual({
      intent: "publish",
      id: 3,
      published: false,
    });
    for (const published of [undefined, "", "on", "TRUE", "yes"]) {
      expect(
        list({ intent: "publish", id: "3", published }).map((issue) => issue.path),
        String(published),
      ).toEqual(["published"]);
    }
  });

  it("moves one article up or down, and nowhere else", () => {
    expect(knowledgebaseListSchema.parse({ intent: "move", id: "1", direction: "up" })).toStrictEqual({
      intent: "move",
      id: 1,
      direction: "up",
    });
    expect(knowledgebaseListSchema.parse({ intent: "move", id: 2, direction: "down" })).toStrictEqual({
      intent: "move",
      id: 2,
      direction: "down",
    });
    for (const direction of [undefined, "", "left", "UP"]) {
      expect(list({ intent: "move", id: "1", direction }), String(direction)).toEqual([
        { path: "direction", message: "Move the article up or down." },
      ]);
    }
  });

  it("deletes one article, taking nothing else from the request", () => {
    expect(
      knowledgebaseListSchema.parse({ intent: "delete", id: "9", published: "true", direction: "up" }),
    ).toStrictEqual({ intent: "delete", id: 9 });
  });

  it("names an article by a positive whole number", () => {
    for (const intent of ["publish", "move", "delete"]) {
      for (const id of [undefined, "", "abc", "0", "-1", "1.5"]) {
        expect(list({ intent, id, published: "true", direction: "up" }), `${intent} ${String(id)}`).toEqual([
          { path: "id", message: "Unknown article." },
        ]);
      }
    }
  });

  it("refuses any other button", () => {
    for (const intent of [undefined, "", "archive", "Publish"]) {
      expect(
        list({ intent, id: "1", published: "true", direction: "up" }).map((issue) => issue.path),
        String(intent),
      ).toEqual(["intent"]);
    }
  });
});
