/**
 * What the contact form answers, in the support dialog (toasts) and on the /contact page (in
 * the page): the same words in both. Kept apart from the form's schema, so the page's form
 * loads no zod.
 */
export const CONTACT_SENT = {
  title: "Message Sent!",
  description: "Thank you for contacting us. We'll get back to you as soon as possible.",
} as const;
export const CONTACT_FAILED = "Failed to send message. Please try again.";
