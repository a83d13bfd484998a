/** One of the member's passkeys as the Passkeys card shows it (dates as ISO strings). */
export type PasskeyView = {
  id: string;
  name: string;
  createdAt: string | null;
  /** "multiDevice": synced (e.g. a password manager); "singleDevice": bound to one authenticator. */
  deviceType: string;
  backedUp: boolean;
};
