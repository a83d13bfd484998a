import type { BroadcastChannel } from "~/lib/broadcasts";
import { cn } from "~/lib/utils";
import type { BroadcastPreview as Preview } from "~/lib/view-types/admin/broadcasts";
import { plural } from "./broadcast-texts";
import type { PreviewState } from "./use-broadcast-preview";

/** "12 members: 9 by the bot, 12 by email": who the form's audience reaches now, per way. */
export function recipientsText(preview: Preview, channel: BroadcastChannel) {
  const { members, bot, email } = preview.recipients;
  const ways = [
    channel !== "email" ? `${bot.toLocaleString("en-US")} by the bot` : null,
    channel !== "bot" ? `${email.toLocaleString("en-US")} by email` : null,
  ].filter(Boolean);
  return `${plural(members, "member")}: ${ways.join(", ")}`;
}

/**
 * The message as each way renders it, before anything is sent: the bot's copy in Telegram's HTML
 * subset (as a chat bubble shows it) and the email in the site's email layout, in a frame that
 * runs nothing; and how many the audience reaches now.
 */
export function BroadcastPreviewPanel({ state, channel }: { state: PreviewState; channel: BroadcastChannel }) {
  const preview = state.kind === "ready" ? state.preview : null;
  const over = preview ? preview.telegramLength > preview.telegramLimit : false;
  return (
    <section aria-labelledby="broadcast-preview" className="grid min-w-0 gap-4 rounded-xl border p-4">
      <h2 id="broadcast-preview" className="text-lg font-semibold">
        Preview
      </h2>
      <p role="status" aria-label="Recipients" className="text-sm font-medium" aria-busy={state.kind === "waiting"}>
        {state.kind === "refused"
          ? state.message
          : preview
            ? `Reaches ${recipientsText(preview, channel)}${state.kind === "ready" && state.stale ? " (updating…)" : ""}`
            : "Counting recipients…"}
      </p>
      {channel !== "email" ? (
        <div className="grid min-w-0 gap-2">
          <h3 className="text-sm font-semibold">Telegram bot</h3>
          <div
            role="region"
            aria-label="Bot copy"
            className={
              "max-w-md rounded-2xl rounded-bl-sm bg-sky-50 px-4 py-3 text-sm break-words " +
              "whitespace-pre-wrap text-slate-900 shadow-xs dark:bg-sky-950 dark:text-slate-100 " +
              "[&_a]:text-sky-800 [&_a]:underline dark:[&_a]:text-sky-300 [&_blockquote]:border-l-2 " +
              "[&_blockquote]:border-sky-400 [&_blockquote]:pl-2 [&_code]:font-mono " +
              "[&_pre]:overflow-x-auto [&_pre]:font-mono"
            }
            // The server's rendering: only Telegram's tags (b, i, u, s, a, code, pre, blockquote), text escaped.
            dangerouslySetInnerHTML={{ __html: preview?.telegramHtml ?? "" }}
          />
          {preview ? (
            <p className={cn("text-xs", over ? "font-medium text-destructive" : "text-muted-foreground")}>
              {preview.telegramLength.toLocaleString("en-US")} of {preview.telegramLimit.toLocaleString("en-US")}{" "}
              characters Telegram takes{over ? ": too long to send by the bot" : ""}. Images go by email only.
            </p>
          ) : null}
        </div>
      ) : null}
      {channel !== "bot" ? (
        <div className="grid min-w-0 gap-2">
          <h3 className="text-sm font-semibold">Email</h3>
          <iframe
            title="Email copy"
            // Its own document, so the email's styles and the back office's stay apart. Sandboxed
            // with nothing allowed but its origin: no script runs in it and no link in it navigates
            // or opens a window, whatever the sanitizer misses; the same origin lets the back
            // office's accessibility checks read the copy.
            sandbox="allow-same-origin"
            srcDoc={preview?.emailHtml ?? ""}
            className="h-96 w-full rounded-md border bg-white"
          />
        </div>
      ) : null}
    </section>
  );
}
