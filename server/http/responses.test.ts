import { describe, expect, it } from "vitest";
import { readBody } from "./responses.ts";

const post = (body: BodyInit, type: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", { method: "POST", body, headers: { "content-type": type, ...headers }, duplex: "half" } as RequestInit);

/** A body sent in chunks, with no declared length, as a client streaming a large upload would. */
function chunked(totalBytes: number) {
  let sent = 0;
  let pulls = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      if (sent >= totalBytes) return controller.close();
      const chunk = new Uint8Array(Math.min(16 * 1024, totalBytes - sent)).fill(0x61);
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent, pulls: () => pulls };
}

describe("readBody", () => {
  it("reads form posts and JSON objects", async () => {
    expect(await readBody(post("a=1&b=two", "application/x-www-form-urlencoded"))).toEqual({ a: "1", b: "two" });
    expect(await readBody(post('{"a":1}', "application/json; charset=utf-8"))).toEqual({ a: 1 });
  });

  it("refuses a declared length over the limit without reading the body (413)", async () => {
    const body = chunked(5 * 1024 * 1024);
    const request = post(body.stream, "application/x-www-form-urlencoded", { "content-length": String(5 * 1024 * 1024) });
    await expect(readBody(request)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE", status: 413, message: "The request body is too large." });
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it("stops reading a chunked body as soon as it passes the limit (413)", async () => {
    const body = chunked(5 * 1024 * 1024);
    await expect(readBody(post(body.stream, "application/json"))).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    // Read up to the limit and a chunk or two of read-ahead, never the 5 MB.
    expect(body.pulled()).toBeLessThan(128 * 1024);
  });

  it("takes a body of exactly the limit", async () => {
    const text = `a=${"x".repeat(64 * 1024 - 2)}`;
    expect((await readBody(post(text, "application/x-www-form-urlencoded"))).a).toHaveLength(64 * 1024 - 2);
    await expect(readBody(post(`${text}x`, "application/x-www-form-urlencoded"))).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("refuses uploads and unknown types (415) and non-object JSON (400)", async () => {
    const form = new FormData();
    form.set("a", "1");
    await expect(readBody(new Request("http://localhost/x", { method: "POST", body: form }))).rejects.toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE", status: 415 });
    await expect(readBody(post("a", "text/plain"))).rejects.toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    await expect(readBody(post("[1]", "application/json"))).rejects.toMatchObject({ code: "VALIDATION", message: "The request body must be a JSON object." });
    await expect(readBody(post("{", "application/json"))).rejects.toMatchObject({ code: "VALIDATION" });
  });
});
