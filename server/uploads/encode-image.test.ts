import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "~/lib/uploads";
import { encodeImage } from "./encode-image.ts";
import { looksLikeSvg, sniffImageType } from "./sniff-image-type.ts";
import { storeImage } from "./store-image.ts";
import { createLocalStore } from "./upload-store.ts";

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
const png = (width: number, height: number) => image(width, height).png().toBuffer();

const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" ' +
    'height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
);

describe("sniffImageType: what a file is, from its bytes", () => {
  it("recognises JPEG, PNG, WebP, GIF and AVIF by their signatures", async () => {
    expect(sniffImageType(await image(4, 4).jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await png(4, 4))).toBe("png");
    expect(sniffImageType(await image(4, 4).webp().toBuffer())).toBe("webp");
    expect(sniffImageType(await image(4, 4).gif().toBuffer())).toBe("gif");
    expect(sniffImageType(await image(4, 4).avif().toBuffer())).toBe("avif");
  });

  it("recognises nothing else: SVG, HTML, a PDF, a HEIC-branded file, an empty or cut-off one", () => {
    for (const text of [SVG_WITH_SCRIPT.toString(), "<html><script>x</script></html>", "%PDF-1.7", "", "\x89PNG"]) {
      expect(sniffImageType(Buffer.from(text)), text).toBeNull();
    }
    expect(sniffImageType(Buffer.from("\0\0\0\x18ftypheic\0\0\0\0", "latin1"))).toBeNull();
    expect(sniffImageType(Buffer.from("RIFF\0\0\0\0WAVEfmt ", "latin1"))).toBeNull();
  });

  it("tells an SVG or XML document apart, even behind a byte-order mark, white space or a comment", () => {
    expect(looksLikeSvg(SVG_WITH_SCRIPT)).toBe(true);
    expect(looksLikeSvg(Buffer.from('\uFEFF  \n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from("<!-- made by hand -->\n<svg></svg>"))).toBe(true);
    expect(looksLikeSvg(Buffer.from("GIF89a"))).toBe(false);
    expect(looksLikeSvg(Buffer.from("just text"))).toBe(false);
  });
});

describe("encodeImage: checked by content, re-encoded as WebP in a few widths", () => {
  it("refuses an SVG with a script however it is named or declared (the name never reaches it): 415 and why", async () => {
    await expect(encodeImage(SVG_WITH_SCRIPT)).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
      status: 415,
      message: UPLOAD_MESSAGES.svg,
    });
  });

  it("refuses a file that is no image, and one whose signature lies about what follows", async () => {
    await expect(encodeImage(Buffer.from("%PDF-1.7 not an image"))).rejects.toMatchObject({
      status: 415,
      message: UPLOAD_MESSAGES.unsupported,
    });
    // A PNG signature on garbage cannot be decoded.
    const fakePng = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("<svg onload=alert(1)>"),
    ]);
    await expect(encodeImage(fakePng)).rejects.toMatchObject({ status: 400, message: UPLOAD_MESSAGES.unreadable });
    // A real image cut short past its header decodes to nothing usable.
    const whole = await image(300, 200).jpeg().toBuffer();
    await expect(encodeImage(whole.subarray(0, 400))).rejects.toMatchObject({
      status: 400,
      message: UPLOAD_MESSAGES.unreadable,
    });
  });

  it("refuses more than 5 MB with 413, and an empty file", async () => {
    await expect(encodeImage(Buffer.alloc(UPLOAD_MAX_BYTES + 1, 0xff))).rejects.toMatchObject({
      status: 413,
      message: UPLOAD_MESSAGES.tooLarge,
    });
    await expect(encodeImage(Buffer.alloc(0))).rejects.toMatchObject({ status: 400, message: UPLOAD_MESSAGES.missing });
  });

  // Making the bomb (a hundred million pixels squeezed) is the slow part: seconds when the machine
  // is idle, past the usual limit when it is loaded.
  it("refuses a decompression bomb by its header, before decoding: too many pixels", { timeout: 180_000 }, async () => {
    // 10 000 x 10 000 of one colour compresses to a few kilobytes.
    const bomb = await image(10_000, 10_000).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.byteLength).toBeLessThan(UPLOAD_MAX_BYTES);
    await expect(encodeImage(bomb)).rejects.toMatchObject({ status: 400, message: UPLOAD_MESSAGES.tooManyPixels });
    await expect(encodeImage(await png(200, 100), { maxPixels: 200 * 100 - 1 })).rejects.toMatchObject({
      message: UPLOAD_MESSAGES.tooManyPixels,
    });
    await expect(encodeImage(await png(200, 100), { maxPixels: 200 * 100 })).resolves.toMatchObject({ width: 200 });
  });

  it("resizes a large image to 480, 960 and 1600 wide, keeping its shape, and names each by hash and size", async () => {
    const encoded = await encodeImage(await png(3000, 2000));
    expect(encoded.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(encoded.sizes.map((s) => [s.width, s.height])).toEqual([
      [480, 320],
      [960, 640],
      [1600, 1067],
    ]);
    expect(encoded.src).toBe(`/uploads/${encoded.hash}-1600x1067.webp`);
    expect([encoded.width, encoded.height]).toEqual([1600, 1067]);
    for (const size of encoded.sizes) {
      expect(size.src).toBe(`/uploads/${encoded.hash}-${size.width}x${size.height}.webp`);
      const meta = await sharp(size.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", size.width, size.height]);
    }
  });

  it("never enlarges: a small image keeps its own width as the largest size", async () => {
    const small = await encodeImage(await png(700, 300));
    expect(small.sizes.map((s) => s.width)).toEqual([480, 700]);
    const tiny = await encodeImage(await png(120, 90));
    expect(tiny.sizes.map((s) => [s.width, s.height])).toEqual([[120, 90]]);
  });

  it("gives the same file the same names, and another file other names", async () => {
    const file = await png(640, 480);
    const [a, b] = [await encodeImage(file), await encodeImage(Buffer.from(file))];
    expect(b.src).toBe(a.src);
    expect(b.sizes.map((s) => s.body)).toEqual(a.sizes.map((s) => s.body));
    expect((await encodeImage(await png(640, 481))).hash).not.toBe(a.hash);
  });

  it("turns a photo upright by its EXIF orientation, then drops EXIF, XMP and every other piece of metadata", async () => {
    // Stored 400 x 200 with orientation 6 (rotate 90° clockwise to show): upright it is 200 x 400.
    const photo = await image(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: "Somebody", Artist: "Camera owner" } })
      .toBuffer();
    const original = await sharp(photo).metadata();
    expect([original.orientation, Boolean(original.exif)]).toEqual([6, true]);
    const encoded = await encodeImage(photo);
    expect([encoded.width, encoded.height]).toEqual([200, 400]);
    const meta = await sharp(encoded.sizes[0]!.body).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it("keeps transparency and colours whatever the file's depth or colour space: 16-bit PNG with alpha, CMYK JPEG", async () => {
    const png16 = await sharp({
      create: { width: 600, height: 300, channels: 4, background: { r: 10, g: 200, b: 30, alpha: 0.5 } },
    })
      .png()
      .toColourspace("rgb16")
      .toBuffer();
    const cmyk = await sharp({ create: { width: 600, height: 300, channels: 3, background: "red" } })
      .jpeg()
      .toColourspace("cmyk")
      .toBuffer();
    expect([(await sharp(png16).metadata()).depth, (await sharp(cmyk).metadata()).space]).toEqual(["ushort", "cmyk"]);
    const means = async (file: Buffer) => {
      const body = (await encodeImage(file)).sizes[0]!.body;
      const [meta, stats] = await Promise.all([sharp(body).metadata(), sharp(body).stats()]);
      return { space: meta.space, alpha: meta.hasAlpha, means: stats.channels.map((c) => Math.round(c.mean / 8)) };
    };
    expect(await means(png16)).toEqual({ space: "srgb", alpha: true, means: [1, 25, 4, 16] });
    expect(await means(cmyk)).toEqual({ space: "srgb", alpha: false, means: [29, 0, 0] });
  });

  it("takes GIF (the first frame of an animation), WebP and AVIF, and makes each a still WebP", async () => {
    const frames = await Promise.all([
      image(60, 40).png().toBuffer(),
      sharp({ create: { width: 60, height: 40, channels: 3, background: "blue" } })
        .png()
        .toBuffer(),
    ]);
    const animated = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    for (const file of [animated, await image(60, 40).webp().toBuffer(), await image(60, 40).avif().toBuffer()]) {
      const encoded = await encodeImage(file);
      const meta = await sharp(encoded.sizes[0]!.body).metadata();
      expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(["webp", 60, 40, 1]);
    }
  });
});

describe("storeImage: every size written to the store under its name", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes each size once; the same file stored again is the same objects", async () => {
    const store = createLocalStore(dir);
    const file = await png(1000, 500);
    const stored = await storeImage({ bytes: file, store });
    expect(fs.readdirSync(dir).sort()).toEqual(stored.sizes.map((s) => path.basename(s.src)).sort());
    expect(stored.sizes.map((s) => s.width)).toEqual([480, 960, 1000]);
    await storeImage({ bytes: file, store });
    expect(fs.readdirSync(dir)).toHaveLength(3);
    const largest = await store.get(path.basename(stored.src));
    expect(largest?.contentType).toBe("image/webp");
    expect((await sharp(largest!.body).metadata()).width).toBe(1000);
  });

  it("refuses names that are not an upload's, so no path can leave the folder", async () => {
    const store = createLocalStore(dir);
    await expect(store.get("../../etc/passwd")).rejects.toThrow(/Not an upload's name/);
    await expect(store.put("x.svg", Buffer.from("<svg/>"), "image/svg+xml")).rejects.toThrow(/Not an upload's name/);
    expect(await store.get("ffffffffffffffffffffffffffffffff-10x10.webp")).toBeNull();
  });
});
