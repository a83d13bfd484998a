import * as React from "react";
import { useNavigate } from "react-router";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { useStaffAction } from "~/components/admin/use-staff-action";
import type { ActionBody } from "~/components/forms/use-action";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { broadcastActionSchema } from "~/lib/validation/admin/broadcasts";
import type { AdminBroadcast, BroadcastPlanChoice, BroadcastPreview } from "~/lib/view-types/admin/broadcasts";
import { AudienceFields, type AudienceValues } from "./audience-fields";
import { BroadcastPreviewPanel, recipientsText } from "./broadcast-preview";
import { localInputValue, ScheduleField } from "./schedule-field";
import { useBroadcastPreview } from "./use-broadcast-preview";

type Values = AudienceValues & { subject: string; body: string; scheduledAt: string };
type Intent = "save" | "send" | "schedule";
type SaveAnswer = ActionAnswer<{ id: string; state: string; queued?: number }>;

const DONE: Record<Intent, string> = {
  save: "Draft saved",
  send: "Broadcast on its way",
  schedule: "Broadcast scheduled",
};

function initialOf(broadcast: AdminBroadcast | null): Values {
  return {
    subject: broadcast?.subject ?? "",
    body: broadcast?.body ?? "",
    channel: broadcast?.channel ?? "both",
    statuses: broadcast?.audience.statuses ?? ["active"],
    planIds: broadcast?.audience.planIds ?? [],
    endedWithinDays: String(broadcast?.audience.endedWithinDays ?? 30),
    // Filled in the browser (its clock and zone), after hydration: see BroadcastForm.
    scheduledAt: "",
  };
}

/** What the schema and the server read: the message, its way and its audience. */
const contentOf = (v: Values) => ({
  subject: v.subject,
  body: v.body,
  channel: v.channel,
  audience: { statuses: v.statuses, planIds: v.planIds, endedWithinDays: v.endedWithinDays },
});

const reachable = (preview: BroadcastPreview) => preview.recipients.bot + preview.recipients.email;

/** A datetime-local value is the operator's own clock: sent as the exact moment it names. */
const momentOf = (local: string) => {
  const at = new Date(local);
  return local && !Number.isNaN(at.getTime()) ? at.toISOString() : local;
};

/**
 * Writing a broadcast (new, or a draft): the message, the way, the audience, and beside them the
 * preview with the recipient count. Save draft, Send now (after a confirmation naming the count),
 * or Schedule. Every refusal shows beside its field.
 */
export function BroadcastForm({
  broadcast,
  plans,
}: {
  broadcast: AdminBroadcast | null;
  plans: BroadcastPlanChoice[];
}) {
  const navigate = useNavigate();
  const intent = React.useRef<Intent>("save");
  const form = useForm<Values>({
    initial: initialOf(broadcast),
    refusal: ({ error, fieldErrors }) =>
      toast.error(intent.current === "save" ? "Broadcast not saved" : "Broadcast not sent", {
        description: error ?? Object.values(fieldErrors)[0],
      }),
  });
  const { values, errors, setValue, setValues, setErrors } = form;
  const [confirming, setConfirming] = React.useState(false);
  // An hour from now by the operator's own clock; the server's render leaves it empty.
  React.useEffect(() => {
    setValues((current) =>
      current.scheduledAt ? current : { ...current, scheduledAt: localInputValue(new Date(Date.now() + 60 * 60_000)) },
    );
  }, [setValues]);
  const content = React.useMemo(() => contentOf(values), [values]);
  const preview = useBroadcastPreview(content);

  const { submit, busy } = useStaffAction<SaveAnswer>(
    (answer) => {
      setConfirming(false);
      if (!answer.ok) return form.refuse(answer);
      toast.success(DONE[intent.current]);
      if (!broadcast) void navigate(`/admin/broadcasts/${answer.id}`, { replace: true });
    },
    { action: `/admin/broadcasts/${broadcast?.id ?? "new"}`, json: true },
  );

  function bodyOf(which: Intent) {
    return {
      intent: which,
      ...content,
      ...(which === "schedule" ? { scheduledAt: momentOf(values.scheduledAt) } : {}),
    };
  }
  /** Checks the form as the server will for this button, then does `then`. */
  const checked = (which: Intent, then: () => void) => (event?: React.FormEvent) => {
    intent.current = which;
    form.submit(broadcastActionSchema, then, bodyOf(which))(event);
  };
  const send = (which: Intent) => {
    // The form's shape is JSON the schema reads (the audience is an object), not a flat form.
    void submit(bodyOf(which) as unknown as ActionBody);
  };

  const change = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValue(key, value);
    const field = key === "statuses" || key === "planIds" || key === "endedWithinDays" ? "audience" : key;
    setErrors((current) => (current[field] ? { ...current, [field]: "" } : current));
  };
  const changeBody = React.useCallback(
    (html: string) => {
      setValues((current) => ({ ...current, body: html }));
      setErrors((current) => (current.body ? { ...current, body: "" } : current));
    },
    [setValues, setErrors],
  );

  const ready = preview.kind === "ready" && !preview.stale ? preview.preview : null;
  return (
    <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form
        onSubmit={checked("save", () => send("save"))}
        noValidate
        aria-label={broadcast ? "Edit broadcast" : "New broadcast"}
        className="grid min-w-0 content-start gap-6"
      >
        <FormField
          id="broadcast-subject"
          label="Subject"
          error={errors.subject}
          hint="The email's subject; the list's name for it."
        >
          <Input id="broadcast-subject" autoComplete="off" {...form.field("subject")} />
        </FormField>
        <RichTextField
          id="broadcast-body"
          label="Message"
          defaultValue={broadcast?.body ?? ""}
          onChange={changeBody}
          error={errors.body}
          className="min-w-0"
        />
        <AudienceFields
          values={values}
          plans={plans}
          errors={errors}
          onChange={(key, value) => change(key, value as Values[typeof key])}
        />
        <ScheduleField
          value={values.scheduledAt}
          error={errors.scheduledAt}
          busy={busy}
          onChange={(value) => change("scheduledAt", value)}
          onSchedule={checked("schedule", () => send("schedule"))}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" variant="outline" disabled={busy}>
            Save draft
          </Button>
          <Button
            type="button"
            disabled={busy}
            // Nobody to reach: nothing to confirm, and the server's refusal shows beside the audience.
            onClick={checked("send", () => (ready && reachable(ready) === 0 ? send("send") : setConfirming(true)))}
          >
            Send now
          </Button>
        </div>
      </form>
      <BroadcastPreviewPanel state={preview} channel={values.channel} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => (busy ? undefined : setConfirming(open))}
        title="Send this broadcast now?"
        description={
          ready
            ? `“${values.subject.trim()}” goes to ${recipientsText(ready, values.channel)}. It cannot be taken back once sent; you can stop what is still queued.`
            : "Counting recipients…"
        }
        confirm={ready ? `Send to ${ready.recipients.members.toLocaleString("en-US")}` : "Send"}
        busyLabel={busy ? "Sending…" : "Counting…"}
        busy={busy || !ready}
        onConfirm={() => send("send")}
      />
    </div>
  );
}
