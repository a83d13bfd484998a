import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";

test("unknown paths show the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Join Today" })).toHaveAttribute("href", "/pricing");
});

test("the original's undeclared links, and the sign-up addresses people type, answer 301 to our routes", async ({
  request,
}) => {
  for (const [from, to] of [
    ["/sign-in?redirectTo=%2Fdashboard", "/signin?redirectTo=%2Fdashboard"],
    ["/terms", "/terms-of-service"],
    ["/privacy", "/privacy-policy"],
    // The addresses people type for signing up.
    ["/signup", "/join/details"],
    ["/join?plan=vip", "/join/details?plan=vip"],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()["location"], from).toBe(to);
  }
});

test("/signup leads to the sign-up page, which links to sign-in", async ({ page }) => {
  await page.goto("/signup");
  await expect(page).toHaveURL(/\/join\/details$/);
  await expect(page.getByRole("button", { name: "Continue to Pay" })).toBeVisible();
  const below = page.getByText("Already have an account?");
  await expect(below.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
});

test("health check and security headers", async ({ request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok", database: true });

  // A page rendered for one visitor (any cookie bypasses the page cache) carries a nonce.
  const member = { cookie: "theme=x" };
  const response = await request.get("/privacy-policy", { headers: member });
  const headers = response.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // Every inline script carries this response's nonce, and the next response gets a new one.
  const html = await response.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
  expect(inline.length).toBeGreaterThan(0);
  for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
  const again = await request.get("/privacy-policy", { headers: member });
  expect(again.headers()["content-security-policy"]).not.toContain(nonce);
});

test("hashed assets are cached for a year and compressed", async ({ request }) => {
  const html = await (await request.get("/terms-of-service")).text();
  // The page's modules, as its bootstrap script names them (it preloads them after the first paint).
  const sources = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
  expect(sources.length).toBeGreaterThan(0);
  let compressed = 0;
  for (const src of sources) {
    const asset = await request.get(src, { headers: { "accept-encoding": "gzip" } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toContain("immutable");
    expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
    // The compression middleware leaves files under 1 KB as they are; everything larger is gzipped.
    if (asset.headers()["content-encoding"] === "gzip") compressed++;
    else expect((await asset.body()).length, src).toBeLessThan(1024);
  }
  expect(compressed).toBeGreaterThan(0);
  // A browser asks for brotli too and gets it; a script carries only a subresource's headers,
  // not a page's (a CSP, frame and permission policies are read on documents only).
  const script = await request.get(sources[0]!, { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
  expect(script.headers()["content-encoding"]).toBe("br");
  expect(script.headers()["x-content-type-options"]).toBe("nosniff");
  expect(script.headers()["content-security-policy"]).toBeUndefined();
  expect(script.headers()["x-frame-options"]).toBeUndefined();
  expect(script.headers()["set-cookie"]).toBeUndefined();
  // Public files without a hash get a short cache.
  const icon = await request.get("/favicon.svg");
  expect(icon.headers()["cache-control"]).toBe("public, max-age=3600");
});

test("anonymous pages come from the page cache, compressed, their inline scripts allowed by hash", async ({
  request,
}) => {
  const first = await request.get("/terms-of-service", { headers: { "accept-encoding": "br" } });
  const second = await request.get("/terms-of-service", { headers: { "accept-encoding": "gzip" } });
  expect(second.headers()["x-page-cache"]).toBe("HIT");
  expect(first.headers()["content-encoding"]).toBe("br");
  expect(second.headers()["content-encoding"]).toBe("gzip");
  expect(second.headers()["vary"]).toMatch(/accept-encoding/i);
  const body = await second.text();
  expect(await first.text()).toBe(body);

  // No nonce at all: the policy lists the hash of each inline script the page runs, and only those.
  const csp = second.headers()["content-security-policy"];
  expect(csp).not.toContain("'nonce-");
  const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src"))!;
  expect(scriptSrc).not.toContain("unsafe-inline");
  const allowed = [...csp.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
  const inline = [...body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs]) => !attrs!.includes("application/ld+json"))
    .map(([, , text]) => createHash("sha256").update(text!, "utf8").digest("base64"));
  expect(inline.length).toBeGreaterThan(0);
  expect(new Set(allowed)).toEqual(new Set(inline));
  expect(body).not.toContain("nonce=");
  expect(body).not.toMatch(/n0nce[0-9a-f]{24}/);

  // Anything with a cookie (a member) is rendered for them and never stored.
  const member = await request.get("/terms-of-service", { headers: { cookie: "better-auth.session_token=x" } });
  expect(member.headers()["x-page-cache"]).toBeUndefined();
  expect(await member.text()).toContain("Terms of Service");
});

test("a content change reaches cached pages at once, not after the cache's 30 s", async ({ request, app }) => {
  const { db } = app.testing.getDatabase();
  const { blogPosts } = app.testing.schema;
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.published, true)).limit(1);
  const path = `/blog/${post!.slug}`;
  await request.get(path);
  expect((await request.get(path)).headers()["x-page-cache"]).toBe("HIT");
  try {
    // As an editor would, straight in the database: the trigger tells the server, which empties its cache.
    await db
      .update(blogPosts)
      .set({ title: `${post!.title} (updated)` })
      .where(eq(blogPosts.slug, post!.slug));
    await expect
      .poll(async () => (await (await request.get(path)).text()).includes(`${post!.title} (updated)`))
      .toBe(true);
  } finally {
    await db.update(blogPosts).set({ title: post!.title }).where(eq(blogPosts.slug, post!.slug));
  }
});
