import { z } from "zod";
import { emailAddress } from "../fields";

export const NEWSLETTER_EMAIL_MESSAGE = "Please enter a valid email address";

/** The blog's "Subscribe to new posts" form; the same schema runs in the browser and on the server. */
export const newsletterSchema = z.object({
  email: emailAddress(NEWSLETTER_EMAIL_MESSAGE, 255),
});

export type NewsletterInput = z.infer<typeof newsletterSchema>;
