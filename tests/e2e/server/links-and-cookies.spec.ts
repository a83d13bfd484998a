import http from "node:http";
import { expect, test } from "../support/fixtures";
import { markEmailVerified, signInNewMember } from "../support/member";
import { latestMail, linkIn } from "../support/outbox";

/** A form post with the Host header a forger chooses (browsers and fetch would not let us). */
function postWithHost(url: string, path: string, host: string, form: Record<string, string>) {
  const { hostname, port } = new URL(url);
  const body = new URLSearchParams(form).toString();
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        path,
        method: "POST",
        headers: {
          Host: host,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test("a forged Host on a reset request still mails a link to the site itself", async ({ app, context }) => {
  const member = await signInNewMember(app, context);
  // A reset link goes only to a verified address.
  await markEmailVerified(app, member.userId);
  const status = await postWithHost(app.url, "/forgot-password", "attacker.example", { email: member.email });
  expect(status).toBeLessThan(400);
  await expect.poll(() => latestMail(app.dataDir, member.email)).toContain("/reset-password");
  const link = linkIn(latestMail(app.dataDir, member.email)!, "/reset-password");
  expect(link).not.toBeNull();
  expect(new URL(link!).origin).toBe(app.url);
  expect(latestMail(app.dataDir, member.email)).not.toContain("attacker.example");
});

test("a forged Host does not change the site's own links in pages and feeds", async ({ app, request }) => {
  for (const path of ["/robots.txt", "/sitemap.xml", "/blog/rss.xml"]) {
    const response = await request.get(path, { headers: { "X-Forwarded-Host": "attacker.example" } });
    const text = await response.text();
    expect(text, path).toContain(app.url);
    expect(text, path).not.toContain("attacker.example");
  }
});

test("in production the session cookie is Secure, HttpOnly and SameSite=Lax", async ({ app, context, request }) => {
  const member = await signInNewMember(app, context);
  const response = await request.post("/signin", {
    form: { email: member.email, password: member.password },
    headers: { Origin: app.url },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const session = response
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie")
    .map((h) => h.value)
    .find((cookie) => cookie.includes("session_token="));
  expect(session).toMatch(/^__Secure-/);
  expect(session).toMatch(/;\s*Secure/i);
  expect(session).toMatch(/;\s*HttpOnly/i);
  expect(session).toMatch(/;\s*SameSite=Lax/i);
});

test("a cross-site form post is refused, one from another port of the same host too", async ({
  app,
  context,
  request,
}) => {
  const member = await signInNewMember(app, context);
  const other = new URL(app.url);
  other.port = String(Number(other.port) + 1);
  for (const origin of ["https://attacker.example", other.origin, "null"]) {
    const response = await request.post("/signin", {
      form: { email: member.email, password: member.password },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    // React Router's own check (400) or ours (403) refuses it first; either way no session is made.
    expect([400, 403], origin).toContain(response.status());
    expect(response.headers()["set-cookie"] ?? "", origin).not.toContain("session_token");
  }
});
