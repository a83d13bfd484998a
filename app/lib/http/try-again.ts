const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * What a rate-limited form says, from the wait its answer's Retry-After gives: "Too many
 * attempts. Try again in 5 minutes." Rounded up, so trying again when told always works; seconds
 * below a minute (sign-in's growing delay starts at one second), hours from an hour.
 */
export function tryAgainText(retryAfterSeconds: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    seconds < 60
      ? plural(seconds, "second")
      : minutes < 60
        ? plural(minutes, "minute")
        : plural(Math.ceil(minutes / 60), "hour");
  return `Too many attempts. Try again in ${wait}.`;
}
