import { MailIcon } from "lucide-react";
import * as React from "react";
import { requestJson } from "~/components/forms/post-json";
import { useForm } from "~/components/forms/use-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/sonner";
import { cn } from "~/lib/utils";
import { newsletterSchema } from "~/lib/validation/site/newsletter";

const SOMETHING_WENT_WRONG = "Something went wrong. Please try again.";

/**
 * "Subscribe to new posts" (double opt-in: nothing is sent before the address is confirmed).
 * With JavaScript the answer is a toast, or an error under the field; without it the form posts
 * and the blog shows `notice`.
 */
export function NewsletterSignup({
  notice,
  className,
  ...props
}: { notice?: { ok: boolean; message: string } | null } & React.ComponentProps<"section">) {
  const form = useForm({ initial: { email: "" }, refusal: "inline", clearOnChange: true });
  const [sending, setSending] = React.useState(false);

  async function send(input: { email: string }) {
    setSending(true);
    try {
      const { status, answer } = await requestJson<{ message?: string }>("/api/newsletter", input);
      if (!answer.ok) return form.refuse({ error: status === 0 ? SOMETHING_WENT_WRONG : answer.error });
      toast.success(answer.message ?? "Check your inbox to confirm your subscription.");
      form.reset({ email: "" });
    } finally {
      setSending(false);
    }
  }
  // The one message under the field: the browser's check, else the server's refusal.
  const error = form.errors.email || form.error;

  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-heading"
      className={cn("rounded-2xl border bg-card p-6 shadow-sm sm:p-8", className)}
      {...props}
    >
      <div className="flex items-start gap-4">
        <span
          className={
            "hidden size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary " + "sm:flex"
          }
        >
          <MailIcon aria-hidden="true" className="size-5" />
        </span>
        <div className="grid flex-1 gap-4">
          <div>
            <h2 id="newsletter-heading" className="text-xl font-bold tracking-tight">
              Subscribe to new posts
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              An email when a new article is published. We ask you to confirm your address first.
            </p>
          </div>
          <form
            method="post"
            action="/api/newsletter"
            noValidate
            onSubmit={form.submit(newsletterSchema, (input) => void send(input))}
            className="flex flex-col gap-2 sm:flex-row"
          >
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <Input
              id="newsletter-email"
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              {...form.field("email")}
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={error ? "newsletter-error" : undefined}
              className="h-10 sm:flex-1"
            />
            <Button type="submit" size="lg" disabled={sending}>
              {sending ? "Subscribing..." : "Subscribe"}
            </Button>
          </form>
          {error ? (
            <p id="newsletter-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : notice ? (
            <p
              role={notice.ok ? "status" : "alert"}
              className={cn("text-sm", notice.ok ? "text-foreground" : "text-destructive")}
            >
              {notice.message}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
