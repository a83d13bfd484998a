import { z } from "zod";
import { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES } from "~/lib/uploads";

/**
 * The back office's image upload: one file of at most 5 MB. What the file is gets
 * decided on the server from its bytes; the browser's name and type are never trusted.
 */
export const imageUploadSchema = z.object({
  file: z
    .file({ message: UPLOAD_MESSAGES.missing })
    .min(1, { message: UPLOAD_MESSAGES.missing })
    .max(UPLOAD_MAX_BYTES, { message: UPLOAD_MESSAGES.tooLarge }),
});

/** What the upload answers: the image's address (its largest size), that size, and every size. */
export type UploadedImage = {
  src: string;
  width: number;
  height: number;
  sizes: { src: string; width: number; height: number }[];
};
