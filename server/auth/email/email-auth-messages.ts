/** What the email verification, email change and sign-in code screens say. */
export const EMAIL_AUTH_MESSAGES = {
  alreadyVerified: "Your email address is already verified.",
  verificationSent: "Verification email sent. Check your inbox.",
  verifyFirst: "Verify your current email address before changing it.",
  sameEmail: "This is already your email address.",
  changeSent: "Check your new inbox: we sent a confirmation link there.",
  invalidLink: "Invalid or expired link",
  verified: "Email verified",
  changed: "Email address changed",
  codeSent: "If an account uses this address, we have emailed it a sign-in code.",
  resendTooSoon: "Please wait a minute before asking for another code.",
  invalidCode: "Invalid or expired code",
  tooManyTries: "Too many wrong codes. Ask for a new code.",
  sendFailed: "We could not send the email just now. Please try again in a few minutes.",
} as const;
