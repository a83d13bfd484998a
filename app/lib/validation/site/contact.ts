import { z } from "zod";
import { emailAddress, optionalText, requiredText } from "../fields";

/** The contact form; the same schema runs in the browser and in the action. */
export const contactSchema = z.object({
  name: requiredText("Name", 100),
  email: emailAddress("Invalid email address", 255),
  telegram: optionalText("Telegram", 100),
  message: requiredText("Message", 2000, { lines: true }),
});

export type ContactInput = z.infer<typeof contactSchema>;
