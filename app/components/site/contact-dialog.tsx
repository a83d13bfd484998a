import * as React from "react";
import { requestJson } from "~/components/forms/post-json";
import { useForm, type Refusal } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/sonner";
import { Textarea } from "~/components/ui/textarea";
import { CONTACT_FAILED, CONTACT_SENT } from "~/lib/contact-messages";
import { contactSchema, type ContactInput } from "~/lib/validation/site/contact";

const REMEMBER_KEY = "contact-remember";
const empty = { name: "", email: "", telegram: "", message: "" };
type Fields = typeof empty;

/** Mistakes the browser finds show under their fields only; the server's refusal is a toast as well. */
function showRefusal({ error }: Refusal) {
  if (error !== undefined) toast.error("Error", { description: error });
}

function readRemembered(): Pick<Fields, "name" | "email"> | null {
  try {
    const raw = window.localStorage.getItem(REMEMBER_KEY);
    const value = raw ? (JSON.parse(raw) as { name?: unknown; email?: unknown }) : null;
    return value ? { name: String(value.name ?? ""), email: String(value.email ?? "") } : null;
  } catch {
    return null;
  }
}

/** A signed-in member's own details, filled in for them. */
export type ContactPrefill = { name: string; email: string; telegram?: string | null };

/** The form as it starts: empty, or with a signed-in member's details. */
function startingValues(prefill?: ContactPrefill): Fields {
  if (!prefill) return empty;
  return {
    ...empty,
    name: prefill.name,
    email: prefill.email,
    telegram: prefill.telegram ? `@${prefill.telegram}` : "",
  };
}

/**
 * The contact dialog. Loaded on demand by the support button, so its form
 * code and validation schema are not part of any page's first load. A signed-in member's name,
 * email and Telegram username are filled in (`prefill`); they may still change them.
 */
export default function ContactDialog({
  open,
  onOpenChange,
  prefill,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prefill?: ContactPrefill;
}) {
  const setOpen = onOpenChange;
  const form = useForm({ initial: startingValues(prefill), refusal: showRefusal, clearOnChange: true });
  const [remember, setRemember] = React.useState(false);
  const [sending, setSending] = React.useState(false);

  // Opening (including the first open right after this module loads) prefills remembered fields.
  React.useEffect(() => {
    if (open) openChange(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function openChange(next: boolean) {
    if (next) {
      // "Remember me" keeps name and email on this browser only; they are never sent as a flag.
      const saved = readRemembered();
      if (saved) {
        form.setValues((v) => ({ ...v, name: v.name || saved.name, email: v.email || saved.email }));
        setRemember(true);
      }
    }
    setOpen(next);
  }

  async function send(input: ContactInput) {
    setSending(true);
    try {
      const { status, answer } = await requestJson("/api/contact", input);
      if (!answer.ok) {
        // Only a rate limit's own text is shown; any other refusal gets the one try-again text.
        form.refuse({ fieldErrors: answer.fieldErrors, error: status === 429 ? answer.error : CONTACT_FAILED });
        return;
      }
      if (remember) {
        window.localStorage.setItem(REMEMBER_KEY, JSON.stringify({ name: input.name, email: input.email }));
      } else {
        window.localStorage.removeItem(REMEMBER_KEY);
      }
      toast.success(CONTACT_SENT.title, {
        description: CONTACT_SENT.description,
      });
      form.reset(startingValues(prefill));
      setOpen(false);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Contact support</DialogTitle>
          <DialogDescription>
            Questions about plans, payments or access? We usually answer within a day.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={form.submit(contactSchema, (input) => void send(input))}
          className="grid gap-4"
          aria-label="Contact form"
        >
          <FormField id="contact-name" label="Name" error={form.errors.name}>
            <Input id="contact-name" name="name" autoComplete="name" {...form.field("name")} />
          </FormField>
          <FormField id="contact-email" label="Email" error={form.errors.email}>
            <Input id="contact-email" name="email" type="email" autoComplete="email" {...form.field("email")} />
          </FormField>
          <FormField id="contact-telegram" label="Telegram (optional)" error={form.errors.telegram}>
            <Input id="contact-telegram" name="telegram" placeholder="@username" {...form.field("telegram")} />
          </FormField>
          <FormField id="contact-message" label="Message" error={form.errors.message}>
            <Textarea id="contact-message" name="message" rows={5} className="max-h-48" {...form.field("message")} />
          </FormField>
          <div className="flex items-center gap-2">
            <Checkbox id="contact-remember" checked={remember} onCheckedChange={(v) => setRemember(v === true)} />
            <Label htmlFor="contact-remember" className="font-normal">
              This is a private computer, remember me
            </Label>
          </div>
          <Button type="submit" disabled={sending}>
            {sending ? "Sending..." : "Send message"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
