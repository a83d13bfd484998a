import { formatDate } from "./dates";

/**
 * The line under a plan whose free trial its first charge converted, in the words every list of a
 * member's subscriptions uses (the dashboard, the back office's member page, the Telegram portal),
 * so a member and the staff helping them read the same thing. Plain text: the portal's views are
 * rendered on the server and its page loads no React.
 */
export function trialConvertedText(convertedAt: string): string {
  return `Converted from a free trial on ${formatDate(convertedAt)}`;
}
