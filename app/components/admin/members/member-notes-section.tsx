import { EmptyState } from "~/components/admin/list/empty-state";
import { useStaffAction } from "~/components/admin/use-staff-action";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { toast } from "~/components/ui/sonner";
import { Textarea } from "~/components/ui/textarea";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatDateTime } from "~/lib/dates";
import { memberPageSchema } from "~/lib/validation/admin/member-page";
import type { MemberNoteView } from "~/lib/view-types/admin/members";
import { MemberSection } from "./member-section";

/** Staff's internal notes on the member (never shown to them), and a form to add one. */
export function MemberNotesSection({ notes, canAssist }: { notes: MemberNoteView[]; canAssist: boolean }) {
  const form = useForm<{ body: string }>({ initial: { body: "" }, clearOnChange: true, refusal: "Note not added" });
  const { submit, busy } = useStaffAction<ActionAnswer<{ id: number }>>((answer) => {
    if (!answer.ok) return form.refuse(answer);
    form.reset({ body: "" });
    toast.success("Note added");
  });
  const add = form.submit(memberPageSchema, (data) => submit(data), { intent: "note", body: form.values.body });
  return (
    <MemberSection id="member-notes" title="Internal notes">
      {canAssist ? (
        <form onSubmit={add} noValidate className="grid gap-2" aria-label="Add a note">
          <FormField id="member-note" label="New note" error={form.errors.body} hint="Only staff see notes.">
            <Textarea
              id="member-note"
              rows={3}
              {...form.field("body")}
              aria-describedby={form.errors.body ? "member-note-error" : undefined}
            />
          </FormField>
          <div>
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? "Adding…" : "Add note"}
            </Button>
          </div>
        </form>
      ) : null}
      {notes.length === 0 ? (
        <EmptyState className="text-sm">No notes yet.</EmptyState>
      ) : (
        <ol className="grid gap-2 text-sm" aria-label="Notes">
          {notes.map((n) => (
            <li key={n.id} className="rounded-md border p-3">
              <p className="text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{n.authorLabel}</span> ·{" "}
                <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{n.body}</p>
            </li>
          ))}
        </ol>
      )}
    </MemberSection>
  );
}
