/** Texts of broadcasts that members and operators read, in one place (tests assert them). */
export const BROADCAST_MESSAGES = {
  unsubscribePrompt: "Stop announcements by email?",
  unsubscribed: "You're unsubscribed from announcements",
  invalidUnsubscribeLink: "This unsubscribe link is invalid.",
  emailWhy: (brand: string) =>
    `You get this email because you are a member of ${brand}. Emails about your own account (payments, renewals) still come if you unsubscribe from announcements.`,
  botFooter: "Send /stop to get no more announcements here.",
  notFound: "This broadcast no longer exists.",
  notEditable: "This broadcast is already on its way: it can no longer be changed.",
  notCancellable: "Only a scheduled broadcast or one being sent can be cancelled.",
  noRecipients: "Nobody in this audience can be reached this way: choose another audience or way.",
  scheduleInPast: "Choose a time in the future.",
  tooLongForTelegram: (length: number, limit: number) =>
    `The bot's copy is ${length} characters long; Telegram takes at most ${limit}. Shorten the message or send it by email only.`,
} as const;
