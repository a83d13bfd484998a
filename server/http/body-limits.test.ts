import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UPLOAD_BODY_MAX_BYTES, UPLOAD_ENDPOINT, UPLOAD_MESSAGES } from "~/lib/uploads";
import { bodyLimits } from "./body-limits.ts";
import { BODY_LIMIT_BYTES } from "./responses.ts";

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/**
 * Sends only the headers, declaring a length: the middleware decides on them alone, before a
 * byte of the body, and what it lets through is answered at once by the handler behind it.
 */
function declare(url: string, headers: http.OutgoingHttpHeaders): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers, signal: AbortSignal.timeout(10_000) }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") });
        req.destroy();
      });
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}

describe("bodyLimits, as the app mounts it", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(
      bodyLimits({
        uploads: { [UPLOAD_ENDPOINT]: { maxBytes: UPLOAD_BODY_MAX_BYTES, tooLarge: UPLOAD_MESSAGES.tooLarge } },
      }),
    );
    app.use((_req, res) => {
      res.status(200).type("text/plain").send("passed on");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const form = "application/x-www-form-urlencoded";
  const multipart = "multipart/form-data; boundary=x";

  it("is 64 KB for forms and JSON", () => {
    expect(BODY_LIMIT_BYTES).toBe(64 * 1024);
    expect(UPLOAD_BODY_MAX_BYTES).toBe(5 * 1024 * 1024 + 64 * 1024);
  });

  it.each([form, "application/json"])("%s: takes a declared length of exactly the limit", async (type) => {
    const answer = await declare(`${base}/api/contact`, { "content-type": type, "content-length": BODY_LIMIT_BYTES });
    expect([answer.status, answer.text]).toEqual([200, "passed on"]);
  });

  it.each([form, "application/json", "text/plain", ""])(
    "%s: refuses one byte over the limit (413), and closes the connection",
    async (type) => {
      const answer = await declare(`${base}/api/contact`, {
        "content-type": type,
        "content-length": BODY_LIMIT_BYTES + 1,
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({ ok: false, error: "The request body is too large." });
      expect(answer.headers.connection).toBe("close");
      expect(answer.headers["cache-control"]).toBe("no-store");
    },
  );

  it("takes an upload of exactly its own limit at the upload address, and refuses one byte more with the upload's message", async () => {
    const atLimit = await declare(`${base}${UPLOAD_ENDPOINT}`, {
      "content-type": multipart,
      "content-length": UPLOAD_BODY_MAX_BYTES,
    });
    expect([atLimit.status, atLimit.text]).toEqual([200, "passed on"]);
    const over = await declare(`${base}${UPLOAD_ENDPOINT}`, {
      "content-type": multipart,
      "content-length": UPLOAD_BODY_MAX_BYTES + 1,
    });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text)).toEqual({ ok: false, error: UPLOAD_MESSAGES.tooLarge });
    expect(over.headers.connection).toBe("close");
  });

  it("keeps forms and JSON at the upload address to their own 64 KB", async () => {
    expect(
      (
        await declare(`${base}${UPLOAD_ENDPOINT}`, {
          "content-type": "application/json",
          "content-length": BODY_LIMIT_BYTES,
        })
      ).status,
    ).toBe(200);
    const over = await declare(`${base}${UPLOAD_ENDPOINT}`, {
      "content-type": "application/json",
      "content-length": BODY_LIMIT_BYTES + 1,
    });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text)).toEqual({ ok: false, error: "The request body is too large." });
  });

  it("refuses uploads anywhere else, and anything multipart but form-data at the upload address (415)", async () => {
    for (const [path, type] of [
      ["/api/contact", multipart],
      ["/api/contact", "MULTIPART/FORM-DATA; boundary=x"],
      [UPLOAD_ENDPOINT, "multipart/mixed; boundary=x"],
      [`${UPLOAD_ENDPOINT}/other`, multipart],
    ]) {
      const answer = await declare(`${base}${path}`, { "content-type": type, "content-length": 10 });
      expect(answer.status, `${path} ${type}`).toBe(415);
      expect(JSON.parse(answer.text)).toEqual({ error: "File uploads are not accepted here." });
      expect(answer.headers.connection).toBe("close");
    }
  });

  it("passes on a body with no declared length: readBody cuts it off at the same limits", async () => {
    const answer = await declare(`${base}/api/contact`, { "content-type": form, "transfer-encoding": "chunked" });
    expect([answer.status, answer.text]).toEqual([200, "passed on"]);
  });
});
