import { describe, expect, it } from "vitest";
import { imageUploadSchema } from "./image-upload";

const fileOf = (bytes: number) => new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" });
const issuesOf = (input: unknown) => {
  const parsed = imageUploadSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("imageUploadSchema (one image of at most 5 MB)", () => {
  it("takes one file from 1 byte to exactly 5 MB, as it came", () => {
    const small = fileOf(1);
    expect(imageUploadSchema.parse({ file: small }).file).toBe(small);
    expect(issuesOf({ file: fileOf(5 * 1024 * 1024) })).toEqual([]);
  });

  it("asks for a file when none or an empty one is sent", () => {
    for (const file of [undefined, "", "photo.jpg", fileOf(0)]) {
      expect(issuesOf({ file }), String(file)).toEqual([{ path: "file", message: "Choose an image file to upload." }]);
    }
  });

  it("refuses a file one byte over 5 MB", () => {
    expect(issuesOf({ file: fileOf(5 * 1024 * 1024 + 1) })).toEqual([
      { path: "file", message: "The image is larger than 5 MB. Choose a smaller file." },
    ]);
  });
});
