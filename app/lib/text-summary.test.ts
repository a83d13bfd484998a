import { describe, expect, it } from "vitest";
import { summarizeHtml } from "./text-summary";

describe("summarizeHtml", () => {
  it("turns a body into plain text: tags become spaces, entities their characters, runs of space one", () => {
    expect(
      summarizeHtml(
        "<h2>Risk</h2><p>Use <strong>1%</strong> &amp; stops&nbsp;&lt;5%&gt;, it&#39;s &quot;simple&quot;.</p>",
      ),
    ).toBe(`Risk Use 1% & stops <5%>, it's "simple".`);
    expect(summarizeHtml("&amp;lt;")).toBe("&lt;");
    expect(summarizeHtml("<p> </p>")).toBe("");
  });

  it("keeps a short text whole and cuts a long one at a word, within the limit, with an ellipsis", () => {
    const words = "Funding rates move with the crowd and cost the late side money every eight hours";
    expect(summarizeHtml(`<p>${words}</p>`, words.length)).toBe(words);
    const cut = summarizeHtml(`<p>${words}</p>`, 40);
    expect(cut).toBe("Funding rates move with the crowd and…");
    expect(cut.length).toBeLessThanOrEqual(40);
    // One long word is cut inside it rather than left empty.
    expect(summarizeHtml(`<p>${"x".repeat(50)}</p>`, 10)).toBe(`${"x".repeat(9)}…`);
  });
});
