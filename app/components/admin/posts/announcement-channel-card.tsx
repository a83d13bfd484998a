import { SendIcon } from "lucide-react";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { announcementChannelSchema } from "~/lib/validation/admin/posts-channel";
import type { AnnouncementChannelView } from "~/lib/view-types/admin/posts";

/**
 * The Telegram channel posts are announced in. Owners and admins set it (Telegram is asked
 * that the bot is an administrator there who may post; a refusal says what to fix) or stop
 * announcing; everyone else sees where announcements go.
 */
export function AnnouncementChannelCard({
  channel,
  canSet,
}: {
  channel: AnnouncementChannelView | null;
  canSet: boolean;
}) {
  const form = useForm<{ channel: string }>({
    initial: { channel: "" },
    clearOnChange: true,
    refusal: ({ error }) => toast.error("Channel not set", { description: error ?? "Check the channel." }),
  });
  const { submit, busy } = useStaffAction<ActionAnswer<{ message: string }>>(
    (answer) => {
      if (!answer.ok) return form.refuse(answer);
      form.reset({ channel: "" });
      toast.success(answer.message);
    },
    { action: "/api/admin/telegram-channel", json: true },
  );
  const where = channel ? (
    <>
      Posts marked “Announce in Telegram” are posted in <strong>{channel.title}</strong>
      {channel.username ? (
        <>
          {" "}
          (
          <a href={`https://t.me/${channel.username}`} target="_blank" rel="noreferrer" className="underline">
            @{channel.username}
          </a>
          )
        </>
      ) : (
        <> (id {channel.chatId})</>
      )}{" "}
      when they go public.
    </>
  ) : (
    <>No Telegram channel is set: posts are not announced.{canSet ? "" : " An owner or admin can set one."}</>
  );
  return (
    <section aria-labelledby="announcements-heading" className="grid gap-3 rounded-md border p-4">
      <h2 id="announcements-heading" className="flex items-center gap-2 text-base font-semibold">
        <SendIcon aria-hidden="true" className="size-4" />
        Telegram announcements
      </h2>
      <p className="text-sm text-muted-foreground" data-testid="announcement-channel">
        {where}
      </p>
      {canSet ? (
        <form
          className="flex flex-wrap items-end gap-3"
          noValidate
          onSubmit={form.submit(announcementChannelSchema, (input) => void submit(input), {
            intent: "set-channel",
            ...form.values,
          })}
        >
          <FormField
            id="announcement-channel"
            label={channel ? "New channel" : "Channel"}
            error={form.errors.channel}
            hint="The bot must be an administrator there, allowed to post: @username, a t.me link or the id (-100…)."
            className="min-w-64 flex-1"
          >
            <Input
              id="announcement-channel"
              placeholder="@your_channel"
              autoComplete="off"
              aria-describedby={form.errors.channel ? "announcement-channel-error" : undefined}
              {...form.field("channel")}
            />
          </FormField>
          <Button type="submit" disabled={busy}>
            {channel ? "Change channel" : "Set channel"}
          </Button>
          {channel ? (
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => void submit({ intent: "clear-channel" })}
            >
              Stop announcing
            </Button>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
