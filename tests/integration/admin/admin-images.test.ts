import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, asc, desc, eq, gt } from "drizzle-orm";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffRole } from "~/lib/staff-roles";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "~/lib/uploads";
import { action as uploadAction } from "~/routes/api/admin/api.admin.images";
import { auditLog, uploadedImages } from "#server/db/schema";
import { serveUploads } from "#server/http/serve-uploads";
import { resetSingleton } from "#server/lib/singleton";
import { apiSecurityHeaders } from "#server/security/headers";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { startFakeS3, type FakeS3 } from "../../helpers/fake-s3";
import { callAction } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

const dataDir = withTestDataDir("admin-images");

/** Posts a file to the upload action as the image field does: multipart/form-data, field `file`. */
function upload(file: Blob | null, name: string, cookie: string) {
  const body = new FormData();
  if (file !== null) body.set("file", file, name);
  return callAction(uploadAction, { path: "/api/admin/images", body, cookie, clientIp: "10.0.0.9" });
}

const png = (width: number, height: number, background = "#c82828") =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
const blob = (bytes: Buffer, type = "image/png") => new Blob([new Uint8Array(bytes)], { type });
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
const uploadsDir = () => path.join(dataDir, "uploads");
const files = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);

/** A throwaway server with the /uploads/ route as the app mounts it. */
async function serve(options: { publicUrl?: string } = {}) {
  const app = express();
  app.use(apiSecurityHeaders());
  app.get("/uploads/:name", serveUploads(options));
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describeEachDatabase("the back office's image upload", (database) => {
  const db = () => database().db;
  const account = (role: StaffRole | null) => signUpStaff(db(), role);
  // The audit log is append-only: each test reads the rows written after it began.
  let mark = 0;
  const audit = () =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "image"), gt(auditLog.id, mark)))
      .orderBy(asc(auditLog.id));

  useProcessDatabase(database);
  beforeEach(async () => {
    await db().delete(uploadedImages);
    mark = (await db().select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;
    fs.rmSync(uploadsDir(), { recursive: true, force: true });
  });

  it("an editor uploads a PNG: re-encoded in three widths under DATA_DIR/uploads, one row, audited with who and what", async () => {
    const editor = await account("editor");
    const answer = await upload(blob(await png(2400, 1200)), "chart.png", editor.cookie);
    expect(answer.status).toBe(200);
    const { src, width, height, sizes } = answer.data as {
      src: string;
      width: number;
      height: number;
      sizes: { src: string; width: number }[];
    };
    expect(src).toMatch(/^\/uploads\/[0-9a-f]{32}-1600x800\.webp$/);
    expect([width, height]).toEqual([1600, 800]);
    expect(sizes.map((s) => s.width)).toEqual([480, 960, 1600]);
    expect(files()).toEqual(sizes.map((s) => path.basename(s.src)).sort());
    const [row, ...others] = await db().select().from(uploadedImages);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({ src, width: 1600, height: 800, originalType: "png", uploadedBy: editor.userId });
    const [entry, ...more] = await audit();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      actorUserId: editor.userId,
      actorRole: "editor",
      action: "image.uploaded",
      targetId: row!.hash,
      ipAddress: "10.0.0.9",
      before: null,
      after: { src, width: 1600, height: 800, type: "png", fileName: "chart.png", new: true },
    });
    expect(entry!.summary).toBe("Image “chart.png” uploaded (1600×800)");
  });

  it("the same image uploaded twice is one set of files and one row; the second upload is audited too", async () => {
    const editor = await account("editor");
    const file = await png(800, 600);
    const first = await upload(blob(file), "a.png", editor.cookie);
    const second = await upload(blob(file), "renamed.jpg", editor.cookie);
    expect(second.data.src).toBe(first.data.src);
    expect(files()).toHaveLength(2);
    expect(await db().select().from(uploadedImages)).toHaveLength(1);
    expect((await audit()).map((e) => (e.after as { new: boolean }).new)).toEqual([true, false]);
  });

  it("refuses an SVG with a script even named .png and declared image/png: 415 and why; nothing stored, nothing audited", async () => {
    const editor = await account("editor");
    const answer = await upload(blob(SVG, "image/png"), "innocent.png", editor.cookie);
    expect(answer).toEqual({ status: 415, data: { ok: false, error: UPLOAD_MESSAGES.svg } });
    expect(files()).toEqual([]);
    expect(await audit()).toHaveLength(0);
    const text = await upload(blob(Buffer.from("%PDF-1.4 a document"), "image/jpeg"), "scan.jpg", editor.cookie);
    expect(text).toEqual({ status: 415, data: { ok: false, error: UPLOAD_MESSAGES.unsupported } });
  });

  it("refuses a file over 5 MB with 413 and says so; a post without a file with 400", async () => {
    const editor = await account("editor");
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    expect(await upload(blob(big), "huge.png", editor.cookie)).toEqual({
      status: 413,
      data: { ok: false, error: UPLOAD_MESSAGES.tooLarge },
    });
    const none = await upload(null, "", editor.cookie);
    expect(none.status).toBe(400);
    expect(none.data.error).toBe(UPLOAD_MESSAGES.missing);
    expect(files()).toEqual([]);
    expect(await audit()).toHaveLength(0);
  });

  it("answers 404 to members and to support staff (no content.write), before reading the file", async () => {
    const file = blob(await png(50, 50));
    for (const role of [null, "support"] as const) {
      const someone = await account(role);
      expect((await upload(file, "x.png", someone.cookie)).status, String(role)).toBe(404);
    }
    // Signed out: to sign-in, like every back-office route.
    expect((await upload(file, "x.png", "")).status).toBe(302);
    expect(files()).toEqual([]);
    expect(await audit()).toHaveLength(0);
  });

  it("serves each size at /uploads/… as WebP, cached for a year as immutable, never sniffed; unknown names 404", async () => {
    const admin = await account("admin");
    const { sizes } = (await upload(blob(await png(1000, 500)), "x.png", admin.cookie)).data as {
      sizes: { src: string; width: number }[];
    };
    const server = await serve();
    try {
      for (const size of sizes) {
        const response = await fetch(server.base + size.src);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/webp");
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(size.width);
      }
      const again = await fetch(server.base + sizes[0]!.src, {
        headers: { "if-none-match": `"${path.basename(sizes[0]!.src)}"` },
      });
      expect(again.status).toBe(304);
      for (const name of ["ffffffffffffffffffffffffffffffff-10x10.webp", "..%2F..%2Fetc%2Fpasswd", "x.svg"]) {
        const missing = await fetch(`${server.base}/uploads/${name}`);
        expect(missing.status, name).toBe(404);
        expect(missing.headers.get("cache-control")).toBe("no-store");
      }
    } finally {
      await server.close();
    }
  });

  describe("with S3_* set: the bucket holds the files", () => {
    let s3: FakeS3;
    const saved: Record<string, string | undefined> = {};
    beforeAll(async () => {
      s3 = await startFakeS3();
      const vars = {
        S3_ENDPOINT: s3.url,
        S3_BUCKET: s3.bucket,
        S3_REGION: s3.region,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      };
      for (const [name, value] of Object.entries(vars)) {
        saved[name] = process.env[name];
        process.env[name] = value;
      }
      resetSingleton("config");
    });
    afterAll(async () => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetSingleton("config");
      await s3.close();
    });

    it("uploads go to the bucket with signed PUTs (nothing in DATA_DIR) and /uploads/… reads them back with signed GETs", async () => {
      const editor = await account("editor");
      const answer = await upload(blob(await png(500, 250)), "bucket.png", editor.cookie);
      expect(answer.status).toBe(200);
      const { src, sizes } = answer.data as { src: string; sizes: { src: string }[] };
      expect([...s3.objects.keys()].sort()).toEqual(sizes.map((s) => `uploads/${path.basename(s.src)}`).sort());
      expect(s3.objects.get(`uploads/${path.basename(src)}`)).toMatchObject({
        contentType: "image/webp",
        cacheControl: "public, max-age=31536000, immutable",
      });
      expect(files()).toEqual([]);
      expect(s3.requests.every((r) => r.signed)).toBe(true);
      const server = await serve();
      try {
        const response = await fetch(server.base + src);
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(Buffer.from(await response.arrayBuffer())).toEqual(
          s3.objects.get(`uploads/${path.basename(src)}`)!.body,
        );
      } finally {
        await server.close();
      }
    });

    it("with S3_PUBLIC_URL, /uploads/… redirects to the bucket's public address for good", async () => {
      const server = await serve({ publicUrl: "https://cdn.example.com/uploads" });
      try {
        const name = "0123456789abcdef0123456789abcdef-480x270.webp";
        const response = await fetch(`${server.base}/uploads/${name}`, { redirect: "manual" });
        expect(response.status).toBe(301);
        expect(response.headers.get("location")).toBe(`https://cdn.example.com/uploads/${name}`);
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect((await fetch(`${server.base}/uploads/..%2Fsecret`, { redirect: "manual" })).status).toBe(404);
      } finally {
        await server.close();
      }
    });
  });
});
