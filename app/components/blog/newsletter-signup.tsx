import * as React from "react";
import { MailIcon } from "lucide-react";
import { toast } from "~/components/ui/sonner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { newsletterSchema } from "~/lib/validation/site/newsletter";

type Answer = { ok?: boolean; message?: string; error?: string };

/**
 * "Subscribe to new posts" (double opt-in). With JavaScript the answer is a toast,
 * or an error under the field; without it the form posts and the blog shows `notice`.
 */
export function NewsletterSignup({
  notice,
  className,
  ...props
}: { notice?: { ok: boolean; message: string } | null } & React.ComponentProps<"section">) {
  const [email, setEmail] = React.useState("");
  const [error, setError] = React.useState("");
  const [sending, setSending] = React.useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = newsletterSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please enter a valid email address");
      return;
    }
    setSending(true);
    setError("");
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(parsed.data),
      });
      const body = (await response.json().catch(() => null)) as Answer | null;
      if (!response.ok || !body?.ok) {
        setError(body?.error ?? "Something went wrong. Please try again.");
        return;
      }
      toast.success(body.message ?? "Check your inbox to confirm your subscription.");
      setEmail("");
    } catch {
      setError("Something went wrong. Please try again.");
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      id="newsletter"
      aria-labelledby="newsletter-heading"
      className={cn("rounded-2xl border bg-card p-6 shadow-sm sm:p-8", className)}
      {...props}
    >
      <div className="flex items-start gap-4">
        <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary sm:flex">
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
          <form method="post" action="/api/newsletter" noValidate onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <Input
              id="newsletter-email"
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError("");
              }}
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
            <p role={notice.ok ? "status" : "alert"} className={cn("text-sm", notice.ok ? "text-foreground" : "text-destructive")}>
              {notice.message}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
