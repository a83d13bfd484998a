import { data } from "react-router";
import { UPLOAD_BODY_MAX_BYTES, UPLOAD_MESSAGES } from "~/lib/uploads";
import { imageUploadSchema } from "~/lib/validation/admin/image-upload";
import { getDb } from "#server/db/client";
import { defineAction } from "#server/http/action";
import { AppError } from "#server/lib/errors";
import { uploadImage } from "#server/staff/upload-image";

/**
 * The back office's image upload: staff with content.write post one file
 * (multipart/form-data, field `file`); it is checked by content, re-encoded and stored, and the
 * answer is its address and sizes. Others get 404, like every back-office route.
 */
export const action = defineAction({
  access: "staff",
  permission: "content.write",
  files: { maxBytes: UPLOAD_BODY_MAX_BYTES, tooLarge: UPLOAD_MESSAGES.tooLarge },
  schema: imageUploadSchema,
  // A file over 5 MB is a 413, like a body over the limit, not a form mistake.
  refuseInput: (error) =>
    error.issues.some((issue) => issue.code === "too_big")
      ? new AppError("PAYLOAD_TOO_LARGE", UPLOAD_MESSAGES.tooLarge)
      : undefined,
  unexpected: "The image could not be stored. Try again in a moment.",
  run: async ({ input, staff }) => {
    const bytes = new Uint8Array(await input.file.arrayBuffer());
    const image = await uploadImage({ db: getDb(), bytes, fileName: input.file.name, actor: staff.actor });
    return { src: image.src, width: image.width, height: image.height, sizes: image.sizes };
  },
});

export function loader() {
  throw data("Not Found", { status: 404 });
}
