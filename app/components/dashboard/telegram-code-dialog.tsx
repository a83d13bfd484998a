import { KeyRoundIcon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { toast } from "~/components/ui/sonner";
import { formatDateTime } from "~/lib/dates";
import { useMemberAction, type ActionAnswer } from "./use-member-action";

type CodeAnswer = ActionAnswer<{ code: string; expiresAt: string; botUrl?: string }>;

/**
 * The code dialog of an unverified member: generates the 6-digit code the member
 * sends to the Telegram bot. The code stays valid for 15 minutes; a new one replaces it.
 */
export function TelegramCodeDialog({
  telegramUsername,
  telegramBot,
  pendingCode,
}: {
  telegramUsername: string | null;
  /** The bot's username; null when this site runs without a bot (a local trial, say). */
  telegramBot: string | null;
  pendingCode: { code: string; expiresAt: string } | null;
}) {
  const [code, setCode] = React.useState(pendingCode);
  const [botUrl, setBotUrl] = React.useState<string | undefined>();
  React.useEffect(() => setCode(pendingCode), [pendingCode]);
  const { submit, busy } = useMemberAction<CodeAnswer>(
    (answer) => {
      if (answer.ok) {
        setCode({ code: answer.code, expiresAt: answer.expiresAt });
        setBotUrl(answer.botUrl);
        toast.success("Code generated", { description: "Send this code to the bot to verify your Telegram username." });
      } else {
        toast.error(answer.error || "Failed to generate a code. Please try again.");
      }
    },
    { action: "/api/dashboard/telegram-code" },
  );

  const generate = () => {
    // A code is only generated for a member with a Telegram username; the server checks the same.
    if (!telegramUsername) {
      toast.error("Please set your Telegram username in User Info first.");
      return;
    }
    submit({});
  };

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button">
          <KeyRoundIcon aria-hidden="true" />
          Get verification code
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Verify your Telegram username</DialogTitle>
          <DialogDescription>
            Generate a code, then send it to our Telegram bot{telegramBot ? ` @${telegramBot}` : ""} from{" "}
            {telegramUsername ? `@${telegramUsername}` : "your Telegram account"}. The code is valid for 15 minutes.
          </DialogDescription>
        </DialogHeader>
        {telegramBot ? (
          <p className="text-sm">
            Our bot:{" "}
            <a
              href={`https://t.me/${encodeURIComponent(telegramBot)}`}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium underline underline-offset-4"
            >
              {`@${telegramBot}`}
            </a>
          </p>
        ) : (
          <p role="note" className="rounded-md border border-warning/50 bg-warning/10 p-3 text-sm">
            No Telegram bot is connected to this site yet, so a code cannot be verified here. This is normal on a local
            trial; on the live site, please contact support.
          </p>
        )}
        {code ? (
          <div className="grid justify-items-center gap-2 rounded-lg border bg-muted/50 p-4">
            <span className="text-sm text-muted-foreground">Your verification code</span>
            <output aria-label="Verification code" className="font-mono text-4xl font-bold tracking-[0.3em]">
              {code.code}
            </output>
            <span className="text-xs text-muted-foreground">Valid until {formatDateTime(code.expiresAt)}</span>
            {botUrl ? (
              <Button asChild variant="outline" size="sm" className="mt-2">
                <a href={botUrl} target="_blank" rel="noopener noreferrer">
                  Open the bot
                </a>
              </Button>
            ) : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button type="button" onClick={generate} disabled={busy}>
            {busy ? "Generating..." : code ? "Generate a new code" : "Generate code"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
