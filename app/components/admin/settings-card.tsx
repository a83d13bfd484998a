import type * as React from "react";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/**
 * A card of owner settings in the back office (the referral reward rule, the order settings): its
 * title and what the settings do, what is in force (`children`), then the form for those who may
 * change them, or `readOnly` saying who can.
 */
function SettingsCard({
  headingId,
  title,
  description,
  form,
  readOnly,
  className,
  children,
  ...props
}: React.ComponentProps<"section"> & {
  headingId: string;
  title: string;
  description: React.ReactNode;
  form: React.ReactNode;
  readOnly: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      data-slot="settings-card"
      className={cn("grid max-w-xl gap-4 rounded-lg border p-4", className)}
      {...props}
    >
      <div className="grid gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
      {form ?? <p className="text-sm text-muted-foreground">{readOnly}</p>}
    </section>
  );
}

/** A settings card's form: its fields two to a row on wide screens, then its save button. */
function SettingsForm({
  submitLabel,
  busy,
  className,
  children,
  ...props
}: React.ComponentProps<"form"> & { submitLabel: string; busy: boolean }) {
  return (
    <form noValidate data-slot="settings-form" className={cn("grid gap-4 sm:grid-cols-2", className)} {...props}>
      {children}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A whole-number setting: label, the allowed range as its hint, and its error tied to the input. */
function NumberSetting({
  id,
  label,
  hint,
  error,
  ...props
}: React.ComponentProps<typeof Input> & { id: string; label: string; hint: string; error?: string }) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        {...props}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FormField>
  );
}

export { NumberSetting, SettingsCard, SettingsForm };
