import * as React from "react";
import { toast } from "~/components/ui/sonner";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { contactSchema } from "~/lib/validation/site/contact";
import { fieldErrors } from "~/lib/validation/fields";

const REMEMBER_KEY = "contact-remember";
const empty = { name: "", email: "", telegram: "", message: "" };
type Fields = typeof empty;

function readRemembered(): Pick<Fields, "name" | "email"> | null {
  try {
    const raw = window.localStorage.getItem(REMEMBER_KEY);
    const value = raw ? (JSON.parse(raw) as { name?: unknown; email?: unknown }) : null;
    return value ? { name: String(value.name ?? ""), email: String(value.email ?? "") } : null;
  } catch {
    return null;
  }
}

/**
 * The contact dialog. Loaded on demand by the support button, so its form
 * code and validation schema are not part of any page's first load.
 */
export default function ContactDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const setOpen = onOpenChange;
  const [values, setValues] = React.useState<Fields>(empty);
  const [remember, setRemember] = React.useState(false);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
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
        setValues((v) => ({ ...v, name: v.name || saved.name, email: v.email || saved.email }));
        setRemember(true);
      }
    }
    setOpen(next);
  }

  const set = (key: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    setErrors((e) => ({ ...e, [key]: "" }));
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setSending(true);
    try {
      const response = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(parsed.data),
      });
      const body = (await response.json().catch(() => null)) as { ok?: boolean; error?: string; fieldErrors?: Record<string, string> } | null;
      if (!response.ok || !body?.ok) {
        if (body?.fieldErrors) setErrors(body.fieldErrors);
        const description =
          response.status === 429 && body?.error ? body.error : "Failed to send message. Please try again.";
        toast.error("Error", { description });
        return;
      }
      if (remember) {
        window.localStorage.setItem(REMEMBER_KEY, JSON.stringify({ name: parsed.data.name, email: parsed.data.email }));
      } else {
        window.localStorage.removeItem(REMEMBER_KEY);
      }
      toast.success("Message Sent!", {
        description: "Thank you for contacting us. We'll get back to you as soon as possible.",
      });
      setValues(empty);
      setErrors({});
      setOpen(false);
    } catch {
      toast.error("Error", { description: "Failed to send message. Please try again." });
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Contact support</DialogTitle>
          <DialogDescription>Questions about plans, payments or access? We usually answer within a day.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Contact form">
          <FormField id="contact-name" label="Name" error={errors.name}>
            <Input id="contact-name" name="name" autoComplete="name" value={values.name} onChange={set("name")} aria-invalid={Boolean(errors.name) || undefined} />
          </FormField>
          <FormField id="contact-email" label="Email" error={errors.email}>
            <Input id="contact-email" name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} aria-invalid={Boolean(errors.email) || undefined} />
          </FormField>
          <FormField id="contact-telegram" label="Telegram (optional)" error={errors.telegram}>
            <Input id="contact-telegram" name="telegram" placeholder="@username" value={values.telegram} onChange={set("telegram")} aria-invalid={Boolean(errors.telegram) || undefined} />
          </FormField>
          <FormField id="contact-message" label="Message" error={errors.message}>
            <Textarea id="contact-message" name="message" rows={5} className="max-h-48" value={values.message} onChange={set("message")} aria-invalid={Boolean(errors.message) || undefined} />
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
