import type * as SendEmail from "#server/email/send-email";

/** Every email the code under test sent, as it left, whatever the transport (see capturingSendEmail). */
export const sentEmails: SendEmail.Email[] = [];

/**
 * For `vi.mock` of server/email/send-email.ts in a unit test: the real module, with `sendEmail`
 * recording into `sentEmails` instead of sending.
 */
export function capturingSendEmail(real: typeof SendEmail): typeof SendEmail {
  return {
    ...real,
    sendEmail: async (email: SendEmail.Email) => {
      sentEmails.push(email);
      return { messageId: "test" };
    },
  };
}
