import { AlertTriangleIcon } from "lucide-react";

/** Where a person finds their username, under the sign-up's Telegram field. */
function TelegramUsernameHelp() {
  return (
    <a
      href="https://telegram.org/faq#q-what-are-usernames-how-do-i-get-one"
      target="_blank"
      rel="noopener noreferrer"
      className="text-primary underline-offset-4 hover:underline"
    >
      How do I find my Telegram username? (Settings → Username)
    </a>
  );
}

/** The service reaches a member only through this username: a typo means no access. */
function TelegramUsernameWarning() {
  return (
    <p role="note" className="flex gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
      <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      Please ensure your Telegram username is correct or we can&apos;t provide access to our products!
    </p>
  );
}

export { TelegramUsernameHelp, TelegramUsernameWarning };
