import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3, type FakeS3 } from "../../tests/helpers/fake-s3.ts";
import { createS3Store, signS3Request } from "./s3-store.ts";

describe("signS3Request (AWS Signature Version 4, by aws4fetch)", () => {
  const credentials = {
    accessKeyId: "AKIAIOSFODNN7EXAMPLE",
    secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    region: "us-east-1",
  };
  const now = new Date("2013-05-24T00:00:00Z");

  it("signs AWS's own example: GET /test.txt with a Range header gives the documented signature", async () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    const headers = await signS3Request({
      method: "GET",
      url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
      headers: { Range: "bytes=0-9" },
      credentials,
      now,
    });
    expect(headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers.get("x-amz-date")).toBe("20130524T000000Z");
    expect(headers.get("x-amz-content-sha256")).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
  });

  it("signs AWS's PUT example: the body's hash and every header passed in, Content-Type too", async () => {
    // The same page, "Example: PUT Object".
    const headers = await signS3Request({
      method: "PUT",
      url: new URL("https://examplebucket.s3.amazonaws.com/test$file.text"),
      headers: { date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
      body: new TextEncoder().encode("Welcome to Amazon S3."),
      credentials,
      now,
    });
    expect(headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, " +
        "Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
    const typed = await signS3Request({
      method: "PUT",
      url: new URL("https://examplebucket.s3.amazonaws.com/a.webp"),
      headers: { "content-type": "image/webp" },
      credentials,
      now,
    });
    expect(typed.get("authorization")).toContain("SignedHeaders=content-type;host;");
  });
});

describe("the S3 upload store, against a localhost stand-in that checks every signature", () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());
  const settings = () => ({
    endpoint: s3.url,
    bucket: s3.bucket,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    prefix: "uploads/",
  });
  const name = "0123456789abcdef0123456789abcdef-480x270.webp";

  it("PUTs an object signed, with its type and immutable caching, and GETs the same bytes back", async () => {
    const store = createS3Store(settings());
    const body = Buffer.from("RIFF....WEBPVP8 fake bytes");
    await store.put(name, body, "image/webp");
    expect(s3.objects.get(`uploads/${name}`)).toEqual({
      body,
      contentType: "image/webp",
      cacheControl: "public, max-age=31536000, immutable",
    });
    expect(await store.get(name)).toEqual({ body, contentType: "image/webp" });
    expect(await store.get("ffffffffffffffffffffffffffffffff-1x1.webp")).toBeNull();
    expect(s3.requests.slice(-3).map((r) => [r.method, r.path, r.signed])).toEqual([
      ["PUT", `/${s3.bucket}/uploads/${name}`, true],
      ["GET", `/${s3.bucket}/uploads/${name}`, true],
      ["GET", `/${s3.bucket}/uploads/ffffffffffffffffffffffffffffffff-1x1.webp`, true],
    ]);
  });

  it("is refused with a wrong secret, a wrong region or a clock far off, and stores nothing", async () => {
    const before = s3.objects.size;
    const other = "abcdefabcdefabcdefabcdefabcdefab-2x2.webp";
    for (const store of [
      createS3Store({ ...settings(), secretAccessKey: "not-the-secret" }),
      createS3Store({ ...settings(), region: "us-east-1" }),
      createS3Store(settings(), { now: () => new Date(Date.now() - 60 * 60_000) }),
    ]) {
      await expect(store.put(other, Buffer.from("x"), "image/webp")).rejects.toThrow(/S3 PUT .* answered (403|400)/);
      await expect(store.get(name)).rejects.toThrow(/S3 GET .* answered (403|400)/);
    }
    expect(s3.objects.size).toBe(before);
    expect(s3.requests.slice(-6).every((r) => !r.signed)).toBe(true);
  });

  it("is refused when the body is not the one that was signed", async () => {
    const store = createS3Store(settings(), {
      // A proxy that swaps the body after signing.
      fetch: (url, init) => fetch(url, { ...init, body: new Uint8Array(Buffer.from("tampered")) }),
    });
    await expect(
      store.put("abcdefabcdefabcdefabcdefabcdefab-3x3.webp", Buffer.from("original"), "image/webp"),
    ).rejects.toThrow(/answered 400/);
  });
});
