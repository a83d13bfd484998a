/** One signed-in device in User Info → Security, as the sessions loader hands it over. */
export type SignedInDevice = {
  /** The session's id (never its token). */
  id: string;
  browser: string;
  os: string;
  /** Country from the trusted proxy's header at sign-in ("Germany"), when configured. */
  place: string | null;
  /** The address block signed in from, masked ("203.0.113.x"). */
  address: string | null;
  signedInAt: string;
  /** When the session was last refreshed (at most a day behind while in use), ISO. */
  lastActiveAt: string;
  /** This browser's own session. */
  current: boolean;
};

export type SignedInDevicesAnswer =
  { ok: true; devices: SignedInDevice[] } | { ok: false; error: string; signedOut?: true };
