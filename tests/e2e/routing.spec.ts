import { expect, test } from "./support/fixtures";

test("unknown paths show the 404 page with status 404", async ({ page }) => {
  const response = await page.goto("/no-such-page/at-all");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Join Today" })).toHaveAttribute("href", "/pricing");
});

test("the original's undeclared links answer 301 to our routes", async ({ request }) => {
  for (const [from, to] of [
    ["/sign-in?redirectTo=%2Fdashboard", "/signin?redirectTo=%2Fdashboard"],
    ["/terms", "/terms-of-service"],
    ["/privacy", "/privacy-policy"],
  ]) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(301);
    expect(response.headers()["location"], from).toBe(to);
  }
});

test("health check and security headers", async ({ request, page }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok", database: true });

  const response = await page.goto("/privacy-policy");
  const headers = response!.headers();
  const csp = headers["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // Every inline script carries this response's nonce, and the next response gets a new one.
  const html = await response!.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
  expect(inline.length).toBeGreaterThan(0);
  for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
  const again = await request.get("/privacy-policy");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce);
});

test("hashed assets are cached for a year and compressed", async ({ request }) => {
  const html = await (await request.get("/terms-of-service")).text();
  const src = /(?:src|href)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src).toBeTruthy();
  const asset = await request.get(src!, { headers: { "accept-encoding": "gzip" } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toContain("immutable");
  expect(asset.headers()["cache-control"]).toContain("max-age=31536000");
  expect(asset.headers()["content-encoding"]).toBe("gzip");
  // Public files without a hash get a short cache.
  const icon = await request.get("/favicon.svg");
  expect(icon.headers()["cache-control"]).toBe("public, max-age=3600");
});

test("anonymous pages come from the page cache with a fresh nonce each time", async ({ request }) => {
  const html = { accept: "text/html" };
  const first = await request.get("/terms-of-service", { headers: html });
  const second = await request.get("/terms-of-service", { headers: html });
  expect(second.headers()["x-page-cache"]).toBe("HIT");
  const nonces = [first, second].map((r) => /'nonce-([^']+)'/.exec(r.headers()["content-security-policy"])![1]);
  expect(nonces[0]).not.toBe(nonces[1]);
  const body = await second.text();
  expect(body).toContain(`nonce="${nonces[1]}"`);
  expect(body).not.toContain(`nonce="${nonces[0]}"`);
  expect(body).not.toMatch(/n0nce[0-9a-f]{24}/);

  // Anything with a cookie (a member) is rendered for them and never stored.
  const member = await request.get("/terms-of-service", { headers: { ...html, cookie: "better-auth.session_token=x" } });
  expect(member.headers()["x-page-cache"]).toBeUndefined();
  expect(await member.text()).toContain("Terms of Service");
});
