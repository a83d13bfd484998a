/** What the invitation page and the Staff page say. */
export const invitationMessages = {
  unknown: "This invitation link is not valid. Ask the owner who invited you for a new one.",
  expired: "This invitation has expired (links work for 72 hours). Ask the owner who invited you to send it again.",
  used: "This invitation has already been used. Sign in to open the back office.",
  revoked: "This invitation was withdrawn. Ask an owner if you should still join.",
  notOpen: "This invitation is no longer open: it was used, withdrawn or replaced.",
  alreadyStaff: "This person already has this role.",
  otherAccount:
    "You are signed in with another account. Sign out, then open the link again and sign in as the invited address.",
  accountExists: "An account with this email already exists: sign in with it to accept the invitation.",
  signInFirst: "Sign in as the invited address to accept the invitation.",
  notSent: "The invitation is saved, but its email could not be sent just now. Use “Resend” in a moment.",
} as const;
