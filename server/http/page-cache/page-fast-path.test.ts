import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express } from "express";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { captureLogLines } from "../../../tests/helpers/log-capture.ts";
import { getPublicOrigin } from "../../config.ts";
import { setSingleton } from "../../lib/singleton.ts";
import { answerFromCache, prepareAnswers, withPageFastPath, type PreparedAnswer } from "./page-fast-path.ts";
import type { StoredPage } from "./page-store.ts";

// The fast path decides, before Express, whether the page cache may answer. What it must never
// do is answer a request the middleware stack would have treated differently; what it must
// always do is answer a plain anonymous GET for a stored address itself, as the stack would.

const page = {
  status: 200,
  headers: [
    ["Content-Type", "text/html; charset=utf-8"],
    ["x-frame-options", "SAMEORIGIN"],
  ],
  csp: "script-src 'self' 'sha256-abc'",
  bodies: { identity: Buffer.from("<p>hi</p>"), gzip: Buffer.from("gz-bytes"), br: Buffer.from("b") },
} as unknown as StoredPage;
const security: [string, string][] = [
  ["X-Frame-Options", "DENY"],
  ["X-Content-Type-Options", "nosniff"],
  ["Content-Security-Policy", "default-src 'self'"],
];

/** The header list as name → value pairs, in the order written. */
const pairs = (answer: PreparedAnswer) =>
  answer.headers.flatMap((value, i) => (i % 2 === 0 ? [[value, answer.headers[i + 1]!]] : []));

describe("prepareAnswers", () => {
  const answers = prepareAnswers(page, security);

  it("writes each header once, the page's own over the security defaults whatever their case", () => {
    expect(pairs(answers.gzip)).toEqual([
      ["x-frame-options", "SAMEORIGIN"],
      ["X-Content-Type-Options", "nosniff"],
      ["Content-Security-Policy", "script-src 'self' 'sha256-abc'"],
      ["Content-Type", "text/html; charset=utf-8"],
      ["X-Page-Cache", "HIT"],
      ["Vary", "Accept-Encoding"],
      ["Content-Encoding", "gzip"],
      ["Content-Length", "8"],
    ]);
  });

  it("names the encoding only for an encoded body, and each body's own length", () => {
    expect(pairs(answers.identity).find(([name]) => name === "Content-Encoding")).toBeUndefined();
    expect(pairs(answers.identity)).toContainEqual(["Content-Length", "9"]);
    expect(pairs(answers.br)).toContainEqual(["Content-Encoding", "br"]);
    expect(pairs(answers.br)).toContainEqual(["Content-Length", "1"]);
    expect(answers.identity.body.toString()).toBe("<p>hi</p>");
    expect(answers.br.body.toString()).toBe("b");
  });
});

type Written = { status?: number; headers?: string[]; body?: unknown; ended: boolean };

function fakeResponse() {
  const written: Written = { ended: false };
  const res = {
    writeHead(status: number, headers: string[]) {
      written.status = status;
      written.headers = headers;
      return res;
    },
    end(body?: unknown) {
      written.body = body;
      written.ended = true;
      return res;
    },
  };
  return { res: res as unknown as ServerResponse, written };
}

const request = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  ({ method, url, headers: { host: "127.0.0.1:3000", ...headers } }) as unknown as IncomingMessage;

describe("answerFromCache", () => {
  const answers = prepareAnswers(page, security);
  const lookup = vi.fn((key: string) =>
    key.startsWith(`${getPublicOrigin()}/stored`) ? { page, answers } : undefined,
  );
  let capture: ReturnType<typeof captureLogLines>;

  beforeEach(() => {
    lookup.mockClear();
    capture = captureLogLines({ level: "info" });
    setSingleton("logger", capture.log);
  });

  const logged = () =>
    capture
      .output()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; method: string; path: string; status: number });

  it("answers an anonymous GET for a stored address, by the public origin and the whole target", () => {
    const { res, written } = fakeResponse();
    expect(answerFromCache(lookup, request("/stored?page=2"), res)).toBe(true);
    expect(lookup).toHaveBeenCalledWith(`${getPublicOrigin()}/stored?page=2`);
    expect(written).toMatchObject({ status: 200, headers: answers.identity.headers, ended: true });
    expect(written.body).toBe(answers.identity.body);
    expect(logged()).toEqual([
      expect.objectContaining({ msg: "request", method: "GET", path: "/stored", status: 200 }),
    ]);
  });

  it("answers HEAD with the headers and no body", () => {
    const { res, written } = fakeResponse();
    expect(answerFromCache(lookup, request("/stored", {}, "HEAD"), res)).toBe(true);
    expect(written.ended).toBe(true);
    expect(written.body).toBeUndefined();
    expect(logged()[0]).toMatchObject({ method: "HEAD", path: "/stored" });
  });

  it("picks the body the client's Accept-Encoding prefers", () => {
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", "identity"],
    ] as const) {
      const { res, written } = fakeResponse();
      answerFromCache(lookup, request("/stored", { "accept-encoding": accept }), res);
      expect(written.body).toBe(answers[encoding].body);
      expect(written.headers).toBe(answers[encoding].headers);
    }
  });

  it("leaves everything else to Express, having written nothing", () => {
    const refused: IncomingMessage[] = [
      request("/stored", {}, "POST"),
      request("/stored", {}, "PUT"),
      request("/stored", { cookie: "session=1" }),
      request("/stored", { authorization: "Bearer x" }),
      request("/not-stored"),
      request("/stored", { host: "bad host" }),
      request("/stored", { "x-forwarded-for": "not an address" }),
      request("*"),
      request("http://127.0.0.1:3000/stored"),
    ];
    for (const req of refused) {
      const { res, written } = fakeResponse();
      expect(answerFromCache(lookup, req, res), `${req.method} ${req.url} ${JSON.stringify(req.headers)}`).toBe(false);
      expect(written).toEqual({ ended: false });
    }
    // Neither another method, a member's request nor a target that is not a path is looked up.
    expect(lookup.mock.calls.map(([key]) => key)).toEqual([
      `${getPublicOrigin()}/not-stored`,
      `${getPublicOrigin()}/stored`,
      `${getPublicOrigin()}/stored`,
    ]);
    expect(logged()).toEqual([]);
  });
});

describe("withPageFastPath", () => {
  it("hands a request to the Express app only when the cache did not answer it", () => {
    const answers = prepareAnswers(page, security);
    const app = Object.assign(vi.fn(), {
      locals: { pageCache: { lookup: (key: string) => (key.endsWith("/stored") ? { page, answers } : undefined) } },
    });
    const listener = withPageFastPath(app as unknown as Express);
    const hit = fakeResponse();
    listener(request("/stored"), hit.res);
    expect(hit.written.ended).toBe(true);
    expect(app).not.toHaveBeenCalled();
    const miss = fakeResponse();
    const req = request("/elsewhere");
    listener(req, miss.res);
    expect(app).toHaveBeenCalledWith(req, miss.res);
    expect(miss.written.ended).toBe(false);
  });

  it("passes every request on while the app has no page cache", () => {
    const app = Object.assign(vi.fn(), { locals: {} });
    const { res } = fakeResponse();
    withPageFastPath(app as unknown as Express)(request("/stored"), res);
    expect(app).toHaveBeenCalledTimes(1);
  });
});
