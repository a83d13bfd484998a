import { describe, expect, it } from "vitest";
import { escapeHtml, escapeXml } from "./escape-markup.ts";

describe("escapeHtml / escapeXml", () => {
  const text = `Tom & Jerry's <b>"best"</b> & more`;

  it("escape the five markup characters, ampersands first", () => {
    expect(escapeHtml(text)).toBe("Tom &amp; Jerry&#39;s &lt;b&gt;&quot;best&quot;&lt;/b&gt; &amp; more");
    expect(escapeXml(text)).toBe("Tom &amp; Jerry&apos;s &lt;b&gt;&quot;best&quot;&lt;/b&gt; &amp; more");
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
  });

  it("leave other text as it is", () => {
    expect(escapeHtml("Crypto · Forex — 100% ✓")).toBe("Crypto · Forex — 100% ✓");
    expect(escapeXml("")).toBe("");
  });
});
