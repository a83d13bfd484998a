import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { INBOX_TEXT_MAX, inboxNoteSchema, inboxReplySchema } from "~/lib/validation/admin/inbox";
import { useInboxAction } from "./use-inbox-action";

/**
 * A reply (emailed to the sender from the site, the message marked answered) or an internal
 * note (staff only). The text stays until the server has taken it.
 */
export function InboxCompose({ kind, email }: { kind: "reply" | "note"; email: string }) {
  const form = useForm({ initial: { body: "" }, clearOnChange: true, refusal: "inline" });
  const { send, busy } = useInboxAction((answer) => {
    if (answer.ok) form.reset({ body: "" });
    else form.refuse(answer);
  });
  const id = `inbox-${kind}`;
  const reply = kind === "reply";
  return (
    // Unnamed: its one field's label ("Reply by email", "Internal note") is the name to find it by.
    <form
      noValidate
      className="grid gap-3"
      onSubmit={form.submit(reply ? inboxReplySchema : inboxNoteSchema, ({ body }) => send({ intent: kind, body }))}
    >
      <FormField
        id={id}
        label={reply ? "Reply by email" : "Internal note"}
        error={form.errors.body}
        hint={reply ? `Emailed to ${email} from the site, quoting the message.` : "Only the staff see notes."}
      >
        <Textarea id={id} name="body" rows={reply ? 6 : 3} maxLength={INBOX_TEXT_MAX} {...form.field("body")} />
      </FormField>
      <div>
        <Button type="submit" variant={reply ? "default" : "outline"} disabled={busy}>
          {reply ? "Send reply" : "Add note"}
        </Button>
      </div>
    </form>
  );
}
