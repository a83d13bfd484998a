import type * as React from "react";
import { Form, Link, useSubmit } from "react-router";
import { cn } from "~/lib/utils";

/**
 * A list's filters, a plain GET form: the list's state lives in the address, so a filtered list can
 * be shared, reloaded, paged and gone back to, and the form works before (or without) JavaScript.
 * With `omitEmpty`, empty fields stay out of the address once scripts run, so it reads like the
 * list's own links (the loader ignores empty values either way).
 */
function FilterForm({
  omitEmpty = false,
  onSubmit,
  ...props
}: { omitEmpty?: boolean } & Omit<React.ComponentProps<typeof Form>, "method">) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      data-slot="filter-form"
      onSubmit={(event) => {
        onSubmit?.(event);
        if (!omitEmpty || event.defaultPrevented) return;
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        for (const [name, value] of [...form.entries()]) if (value === "") form.delete(name);
        void submit(form, { method: "get" });
      }}
      {...props}
    />
  );
}

/** The link back to the unfiltered list, shown only while something is filtered. */
function ClearFilters({
  filtered,
  className,
  children = "Clear",
  ...props
}: { filtered: boolean } & React.ComponentProps<typeof Link>) {
  if (!filtered) return null;
  return (
    <Link data-slot="clear-filters" className={cn("text-sm underline underline-offset-4", className)} {...props}>
      {children}
    </Link>
  );
}

export { ClearFilters, FilterForm };
