import { MailCheckIcon } from "lucide-react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { failureOf, FormAlert } from "~/components/auth/form-alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ActionAnswer } from "~/lib/action-answer";
import { CONTACT_FAILED, CONTACT_SENT } from "~/lib/contact-messages";

const FIELDS = ["name", "email", "telegram", "message"] as const;

/**
 * The /contact page's form: a plain form posted to the page's action, so it works before scripts
 * load or without them. The answer is the page itself, rendered by the server too: the problems
 * beside their fields, a refusal of the whole message in an alert above them (a rate limit's own
 * text, otherwise the one try-again text, as the support dialog words them), or, once `sent`
 * (the address the action redirects to after a message is sent), the sent panel.
 */
export function ContactPageForm({ prefill, sent }: { prefill: { name: string; email: string } | null; sent: boolean }) {
  const answer = useActionData<ActionAnswer>();
  const busy = useNavigation().state === "submitting";
  const failure = failureOf(answer);

  // A sent message is never answered here: the action redirects to the sent panel's address.
  if (sent)
    return (
      <div className="grid gap-4 rounded-xl border p-6 text-center" role="status">
        <MailCheckIcon className="mx-auto size-10 text-primary" aria-hidden="true" />
        <p className="text-lg font-semibold">{CONTACT_SENT.title}</p>
        <p className="text-muted-foreground">{CONTACT_SENT.description}</p>
        {/* The form's own address starts over, with or without JavaScript. */}
        <Button asChild variant="outline">
          <Link to="/contact">Send another message</Link>
        </Button>
      </div>
    );

  const errors = failure?.fieldErrors ?? {};
  // Field problems are said at their fields only; any other refusal is said once, above the form.
  const whole = failure && !FIELDS.some((field) => errors[field]) ? failure : undefined;
  const value = (field: (typeof FIELDS)[number]) =>
    failure?.values?.[field] ?? (field === "name" || field === "email" ? prefill?.[field] : undefined);
  const described = (field: string) =>
    [errors[field] ? `contact-form-${field}-error` : null, whole ? "contact-form-error" : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const input = (field: (typeof FIELDS)[number]) => ({
    id: `contact-form-${field}`,
    name: field,
    defaultValue: value(field),
    "aria-invalid": Boolean(errors[field]) || undefined,
    "aria-describedby": described(field),
  });

  return (
    <Form method="post" noValidate className="grid gap-5" aria-label="Contact form">
      {whole ? (
        <FormAlert id="contact-form-error" title="Error">
          {whole.retryAfterSeconds !== undefined ? whole.error : CONTACT_FAILED}
        </FormAlert>
      ) : null}
      <FormField id="contact-form-name" label="Name" error={errors.name}>
        <Input autoComplete="name" required {...input("name")} />
      </FormField>
      <FormField id="contact-form-email" label="Email" error={errors.email}>
        <Input type="email" autoComplete="email" required {...input("email")} />
      </FormField>
      <FormField id="contact-form-telegram" label="Telegram (optional)" error={errors.telegram}>
        <Input placeholder="@username" {...input("telegram")} />
      </FormField>
      <FormField id="contact-form-message" label="Message" error={errors.message}>
        <Textarea rows={6} required {...input("message")} />
      </FormField>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? "Sending..." : "Send message"}
      </Button>
    </Form>
  );
}
