import { describe, expect, it } from "vitest";
import { readBody } from "./responses.ts";

const post = (body: BodyInit, type: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/x", {
    method: "POST",
    body,
    headers: { "content-type": type, ...headers },
    duplex: "half",
  } as RequestInit);

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
    const request = post(body.stream, "application/x-www-form-urlencoded", {
      "content-length": String(5 * 1024 * 1024),
    });
    await expect(readBody(request)).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      status: 413,
      message: "The request body is too large.",
    });
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
    await expect(readBody(post(`${text}x`, "application/x-www-form-urlencoded"))).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
    });
  });

  it("compares a declared length with the limit: exactly the limit is read, one byte more refused before reading", async () => {
    const text = `a=${"x".repeat(64 * 1024 - 2)}`;
    const declared = (length: number) =>
      post(text, "application/x-www-form-urlencoded", { "content-length": String(length) });
    expect((await readBody(declared(64 * 1024))).a).toHaveLength(64 * 1024 - 2);
    const body = chunked(64 * 1024 + 1);
    await expect(
      readBody(post(body.stream, "application/json", { "content-length": String(64 * 1024 + 1) })),
    ).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "The request body is too large.",
    });
    // A Request pulls one chunk ahead on its own; reading would have taken all five.
    expect(body.pulled()).toBeLessThan(64 * 1024);
  });

  it("refuses uploads and unknown types (415) and non-object JSON (400)", async () => {
    const form = new FormData();
    form.set("a", "1");
    await expect(readBody(new Request("http://localhost/x", { method: "POST", body: form }))).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      status: 415,
    });
    await expect(readBody(post("a", "text/plain"))).rejects.toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    await expect(readBody(post("[1]", "application/json"))).rejects.toMatchObject({
      code: "VALIDATION",
      message: "The request body must be a JSON object.",
    });
    await expect(readBody(post("{", "application/json"))).rejects.toMatchObject({ code: "VALIDATION" });
  });

  describe("with files, for an action that takes them", () => {
    const files = { maxBytes: 200 * 1024, tooLarge: "The image is larger than it may be." };
    const upload = (bytes: number) => {
      const form = new FormData();
      form.set("alt", "Chart");
      form.set("file", new Blob([new Uint8Array(bytes).fill(7)], { type: "image/png" }), "chart.png");
      form.append("alt", "second value ignored");
      return new Request("http://localhost/x", { method: "POST", body: form });
    };

    it("parses multipart/form-data into fields and File values, the first value of each field", async () => {
      const body = await readBody(upload(1000), { files });
      expect(body.alt).toBe("Chart");
      const file = body.file as File;
      expect(file).toBeInstanceOf(File);
      expect([file.name, file.size]).toEqual(["chart.png", 1000]);
    });

    it("refuses a body over the action's own limit with its message (413), declared or streamed", async () => {
      await expect(readBody(upload(250 * 1024), { files })).rejects.toMatchObject({
        status: 413,
        message: files.tooLarge,
      });
      const body = chunked(5 * 1024 * 1024);
      await expect(readBody(post(body.stream, "multipart/form-data; boundary=x"), { files })).rejects.toMatchObject({
        status: 413,
        message: files.tooLarge,
      });
      expect(body.pulled()).toBeLessThan(300 * 1024);
    });

    it("takes a streamed upload body of exactly the action's limit and refuses one byte more, declared or streamed", async () => {
      const exact = chunked(files.maxBytes);
      // Not a valid multipart body: past the limit check, the parser's 400 is the answer.
      await expect(readBody(post(exact.stream, "multipart/form-data; boundary=x"), { files })).rejects.toMatchObject({
        status: 400,
      });
      expect(exact.pulled()).toBe(files.maxBytes);
      await expect(
        readBody(post(chunked(files.maxBytes + 1).stream, "multipart/form-data; boundary=x"), { files }),
      ).rejects.toMatchObject({
        status: 413,
        message: files.tooLarge,
      });
      const declaredOver = chunked(files.maxBytes + 1);
      const request = post(declaredOver.stream, "multipart/form-data; boundary=x", {
        "content-length": String(files.maxBytes + 1),
      });
      await expect(readBody(request, { files })).rejects.toMatchObject({ status: 413, message: files.tooLarge });
      expect(declaredOver.pulled()).toBeLessThan(files.maxBytes);
    });

    it("answers a malformed multipart body with 400, and keeps JSON and forms at their own limit", async () => {
      await expect(
        readBody(post("not multipart", "multipart/form-data; boundary=zzz"), { files }),
      ).rejects.toMatchObject({ status: 400 });
      await expect(
        readBody(post(`{"a":"${"x".repeat(70 * 1024)}"}`, "application/json"), { files }),
      ).rejects.toMatchObject({ status: 413, message: "The request body is too large." });
    });
  });
});
