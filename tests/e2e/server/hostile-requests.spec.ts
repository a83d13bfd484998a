import { expect, test } from "../support/fixtures";
import { head, rawRequest } from "../support/raw-http";

// The production server runs inside this worker process: an unhandled rejection caused by a
// request would surface here (or end the worker), so it is watched as well as the answers.
function watchUnhandledRejections() {
  const seen: unknown[] = [];
  const watch = (reason: unknown) => seen.push(reason);
  process.on("unhandledRejection", watch);
  return { seen, stop: () => void process.off("unhandledRejection", watch) };
}

const TARGETS = ["/", "/pricing", "/api/auth/sign-in/email", "/api/ops/credit", "/api/telegram/webhook", "/healthz"];

test("malformed Host and forwarded headers answer 400 everywhere, and the server keeps serving", async ({ app }) => {
  const rejections = watchUnhandledRejections();
  try {
    const host = new URL(app.url).host;
    const badHeaders: Record<string, string>[] = [
      { Host: "[" },
      { Host: "]" },
      { Host: "[::1" },
      { Host: "a b" },
      { Host: "evil.example/path" },
      { Host: "user@evil.example" },
      { Host: "evil.example:99999" },
      { Host: host, "X-Forwarded-Proto": "x y" },
      { Host: host, "X-Forwarded-Proto": "javascript" },
      { Host: host, "X-Forwarded-Host": "[" },
      { Host: host, "X-Forwarded-Host": "good.example, a b" },
      { Host: host, "X-Forwarded-For": "not-an-address" },
      { Host: host, "X-Forwarded-For": "203.0.113.1, [" },
    ];
    for (const target of TARGETS) {
      for (const method of ["GET", "POST"]) {
        for (const headers of badHeaders) {
          const response = await rawRequest(
            app.url,
            head(method, target, { ...headers, "Content-Length": "0", Connection: "close" }),
          );
          expect(response.status, `${method} ${target} ${JSON.stringify(headers)}`).toBe(400);
        }
      }
    }
    expect(rejections.seen).toEqual([]);
    const home = await fetch(app.url);
    expect(home.status).toBe(200);
  } finally {
    rejections.stop();
  }
});

test("odd encodings, absurd paths and methods get an answer below 500, and the server keeps serving", async ({
  app,
}) => {
  const rejections = watchUnhandledRejections();
  try {
    const host = new URL(app.url).host;
    const odd = [
      ["GET", "/%"],
      ["GET", "/%E0%A4%A"],
      ["GET", "/%FF%FE"],
      ["GET", "/%00"],
      ["GET", "/blog/%C0%AF"],
      ["GET", "/api/auth/%"],
      ["POST", "/api/ops/%zz"],
      ["GET", "//evil.example/"],
      ["GET", "http://evil.example/"],
      ["GET", "*"],
      ["GET", "/../../etc/passwd"],
      ["GET", "/assets/..%2f..%2fpackage.json"],
      ["GET", `/${"a".repeat(6000)}`],
      ["GET", `/?${"x=1&".repeat(2000)}`],
      ["PROPFIND", "/"],
      ["TRACE", "/"],
      ["OPTIONS", "/api/auth/sign-in/email"],
      ["DELETE", "/healthz"],
      ["PATCH", "/api/telegram/webhook"],
      ["PUT", "/pricing"],
    ];
    for (const [method, target] of odd) {
      const response = await rawRequest(
        app.url,
        head(method!, target!, { Host: host, "Content-Length": "0", Connection: "close" }),
      );
      // 0: Node's own parser refused it and closed the connection, which is an answer too.
      expect(response.status, `${method} ${target!.slice(0, 60)}`).toBeLessThan(500);
    }
    for (const line of [
      "FOO / HTTP/1.1",
      "GET / HTTP/9.9",
      "GET /\u0000 HTTP/1.1",
      "GET / HTTP/1.1\r\nHost: a\r\nHost: b",
      "\u0016\u0003\u0001",
    ]) {
      const response = await rawRequest(app.url, `${line}\r\n\r\n`);
      expect(response.status, JSON.stringify(line)).toBeLessThan(500);
    }
    expect(rejections.seen).toEqual([]);
    expect((await fetch(app.url)).status).toBe(200);
  } finally {
    rejections.stop();
  }
});

test("Better Auth's own endpoints are not mounted: sign-in, sign-up and account changes go through our routes only", async ({
  request,
}) => {
  for (const [method, path] of [
    ["POST", "/api/auth/sign-in/email"],
    ["POST", "/api/auth/sign-up/email"],
    ["POST", "/api/auth/update-user"],
    ["POST", "/api/auth/change-email"],
    ["POST", "/api/auth/request-password-reset"],
    ["GET", "/api/auth/get-session"],
    ["GET", "/api/auth/ok"],
  ]) {
    const response = await request.fetch(path!, {
      method,
      data: method === "POST" ? { email: "a@b.c", password: "Whatever1", name: "x" } : undefined,
    });
    expect(response.status(), path).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found." });
  }
});

test("a 5 MB body is refused with 413 before it is read: declared, or sent in chunks", async ({ app }) => {
  const host = new URL(app.url).host;
  // Declared: the answer comes with no byte of the body sent.
  for (const target of ["/signin", "/api/contact", "/join/details"]) {
    const declared = await rawRequest(
      app.url,
      head("POST", target, {
        Host: host,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(5 * 1024 * 1024),
      }),
    );
    expect(declared.status, target).toBe(413);
    expect(declared.head.toLowerCase()).toContain("connection: close");
  }
  // Chunked: the server stops reading at 64 KB; we stop sending as soon as it has answered.
  let sent = 0;
  async function* fiveMegabytes() {
    const chunk = Buffer.alloc(16 * 1024, "a");
    for (let i = 0; i < 320; i++) {
      sent += chunk.length;
      yield Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
    }
    yield Buffer.from("0\r\n\r\n");
  }
  const streamed = await rawRequest(
    app.url,
    head("POST", "/api/contact", {
      Host: host,
      "Content-Type": "application/x-www-form-urlencoded",
      "Transfer-Encoding": "chunked",
    }),
    { body: fiveMegabytes() },
  );
  expect(streamed.status).toBe(413);
  expect(sent).toBeLessThan(5 * 1024 * 1024);
  // Uploads are refused where no form takes files.
  const upload = await rawRequest(
    app.url,
    head("POST", "/api/contact", {
      Host: host,
      "Content-Type": "multipart/form-data; boundary=x",
      "Content-Length": "10",
    }),
  );
  expect(upload.status).toBe(415);
  expect((await fetch(app.url)).status).toBe(200);
});

test("the server bounds slow clients and idle connections", async ({ app }) => {
  const server = app.running.server;
  expect(server.headersTimeout).toBe(15_000);
  expect(server.requestTimeout).toBe(30_000);
  expect(server.keepAliveTimeout).toBe(5_000);
});

test("every API and health response carries nosniff, frame protection and a CSP that allows nothing (hashed scripts and styles carry nosniff only: they are never a document)", async ({
  request,
}) => {
  for (const [method, path, status] of [
    ["GET", "/healthz", 200],
    ["GET", "/api/auth/get-session", 404],
    ["GET", "/api/ops/balance?email=a@b.c", 401],
    ["POST", "/api/telegram/webhook", 404],
  ] as const) {
    const response = await request.fetch(path, { method });
    expect(response.status(), path).toBe(status);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toContain("default-src 'none'");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
  }
});

test("member and account pages are never stored by a browser or proxy", async ({ request }) => {
  for (const path of [
    "/signin",
    "/forgot-password",
    "/reset-password?token=x",
    "/join/details",
    "/dashboard",
    "/dashboard.data",
    "/signin.data",
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], path).toBe("no-store");
  }
  // Public pages may be cached by the browser as before.
  expect((await request.get("/pricing")).headers()["cache-control"]).not.toBe("no-store");
});

test("a cross-site post is refused with 403 whether or not it carries Origin, before the framework logs anything", async ({
  app,
  context,
}) => {
  const { signUpStaff } = await import("../support/staff");
  await signUpStaff(app, context, "owner");
  // React Router reports the attempts it refuses itself with console.error in this process (the server's).
  const logged: unknown[][] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    // An owner's invitation of a new owner, a login CSRF and a contact message: with the owner's cookie.
    const targets: [string, Record<string, string>][] = [
      ["/admin/staff.data", { intent: "invite", role: "owner", email: "attacker@evil.example" }],
      ["/admin/staff", { intent: "invite", role: "owner", email: "attacker@evil.example" }],
      ["/signin", { email: "attacker@evil.example", password: "Attacker1" }],
      ["/signin.data", { email: "attacker@evil.example", password: "Attacker1" }],
      ["/api/contact", { name: "x", email: "x@evil.example", message: "hello" }],
    ];
    const hostile: Record<string, string>[] = [
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example" },
    ];
    for (const [path, form] of targets) {
      for (const headers of hostile) {
        const answer = await context.request.post(path, { form, headers, maxRedirects: 0 });
        const label = `${path} ${JSON.stringify(headers)}`;
        expect(answer.status(), label).toBe(403);
        expect(await answer.text(), label).toContain("Cross-site request refused.");
      }
    }
    expect(logged).toEqual([]);
  } finally {
    console.error = consoleError;
  }
  // The one-click unsubscribe still takes a cookieless post from elsewhere: a made-up token gets the page's own answer.
  const oneClick = await context.request.post("/newsletter/unsubscribe?token=made-up", {
    form: { "List-Unsubscribe": "One-Click" },
    headers: { "Sec-Fetch-Site": "cross-site" },
  });
  expect(oneClick.status()).toBe(400);
});

test.describe("control characters", () => {
  // Chromium reports each refused page as a failed resource: those 400s are the point here.
  test.use({ expectedConsoleErrors: [/status of 400/] });

  test("a NUL in an address, a form or a JSON body is a 400 with a clear message, never a 500", async ({
    app,
    page,
    context,
  }) => {
    const rejections = watchUnhandledRejections();
    try {
      // A signed-in owner: the back office's addresses reach their loaders, where the NUL used to meet PostgreSQL.
      const { signUpStaff } = await import("../support/staff");
      await signUpStaff(app, context, "owner");
      for (const target of [
        "/admin/audit-log?who=%00",
        "/admin/audit-log?action=%00",
        "/admin/audit-log?target=%00",
        "/admin/search?q=ab%00",
        "/admin/posts?q=%00",
        "/admin/newsletter?q=%00",
        "/reset-password?token=%00",
        "/blog/%00",
        "/blog?q=%00",
        "/blog/%00.data",
        "/pricing?utm=%01",
      ]) {
        const response = await page.goto(target);
        expect(response?.status(), target).toBe(400);
        expect(response?.headers()["cache-control"], target).toBe("no-store");
        await expect(page.locator("body"), target).toContainText(
          "The address contains characters that are not allowed.",
        );
      }
      const origin = new URL(app.url).origin;
      const profile = await context.request.post("/api/dashboard/profile", {
        headers: { origin },
        data: { firstName: "A\u0000", lastName: "B" },
      });
      expect(profile.status()).toBe(400);
      expect((await profile.json()).fieldErrors).toEqual({
        firstName: "First name contains characters that are not allowed",
      });
      // Anonymous forms: sign-in (on to Better Auth) and the contact form.
      await context.clearCookies();
      const signIn = await context.request.post("/signin", {
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        data: "email=a%00b%40example.com&password=Whatever1",
      });
      expect(signIn.status()).toBe(400);
      const contact = await context.request.post("/api/contact", {
        headers: { origin },
        data: { name: "A\u0000", email: "a@example.com", message: "Hello" },
      });
      expect(contact.status()).toBe(400);
      expect(await contact.json()).toMatchObject({
        ok: false,
        fieldErrors: { name: "Name contains characters that are not allowed" },
      });
      expect(rejections.seen).toEqual([]);
      expect((await fetch(app.url)).status).toBe(200);
    } finally {
      rejections.stop();
    }
  });
});

test("OPTIONS to pages and API routes is answered 204 with Allow and logs no error", async ({ app }) => {
  // The server runs in this worker: what the framework would log with console.error lands here.
  const errors: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void errors.push(args);
  try {
    // POST is allowed where the address has an action (/pricing keeps the cart, the purchase API).
    for (const [target, allow] of [
      ["/pricing", "GET, HEAD, POST, OPTIONS"],
      ["/pricing.data", "GET, HEAD, POST, OPTIONS"],
      ["/api/dashboard/purchase", "GET, HEAD, POST, OPTIONS"],
      ["/blog", "GET, HEAD, OPTIONS"],
      ["/no-such-page", "GET, HEAD, OPTIONS"],
    ] as const) {
      const response = await fetch(`${app.url}${target}`, { method: "OPTIONS" });
      expect(response.status, target).toBe(204);
      expect(response.headers.get("allow"), target).toBe(allow);
      expect(response.headers.get("access-control-allow-origin"), target).toBeNull();
    }
  } finally {
    console.error = original;
  }
  expect(errors).toEqual([]);
});
