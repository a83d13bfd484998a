import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { sealCachedPage } from "./seal-cached-page.ts";

const STAND_IN = "n0nce0123456789abcdef01234567";
const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("sealCachedPage", () => {
  it("hashes the inline scripts that carried the stand-in and removes it", () => {
    const context = 'window.__ctx = {"a":"é</"+"b"};';
    const html = [
      `<link rel="modulepreload" href="/assets/a.js" nonce="${STAND_IN}"/>`,
      `<script nonce="${STAND_IN}">${context}</script>`,
      `<script type="module" async="" nonce="${STAND_IN}">import "/assets/a.js";</script>`,
      `<script src="/assets/b.js" nonce="${STAND_IN}"></script>`,
    ].join("");
    const sealed = sealCachedPage(html, STAND_IN)!;
    expect(sealed.scriptHashes).toEqual([sha(context), sha('import "/assets/a.js";')]);
    expect(sealed.html).not.toContain(STAND_IN);
    expect(sealed.html).toContain(`<script>${context}</script>`);
    expect(sealed.html).toContain('<link rel="modulepreload" href="/assets/a.js"/>');
  });

  it("never allows a script that did not carry the stand-in", () => {
    const html = `<script nonce="${STAND_IN}">ok()</script><article><script>alert(1)</script></article>`;
    const sealed = sealCachedPage(html, STAND_IN)!;
    expect(sealed.scriptHashes).toEqual([sha("ok()")]);
    expect(sealed.scriptHashes).not.toContain(sha("alert(1)"));
  });

  it("refuses a page where the stand-in appears outside a nonce attribute", () => {
    expect(sealCachedPage(`<p>${STAND_IN}</p><script nonce="${STAND_IN}">x()</script>`, STAND_IN)).toBeNull();
  });

  it("refuses a script the browser would hash differently (CR, NUL)", () => {
    expect(sealCachedPage(`<script nonce="${STAND_IN}">a()\r\nb()</script>`, STAND_IN)).toBeNull();
    expect(sealCachedPage(`<script nonce="${STAND_IN}">a("\0")</script>`, STAND_IN)).toBeNull();
  });
});
