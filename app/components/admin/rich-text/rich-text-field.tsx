import type * as React from "react";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

type RichTextFieldProps = Omit<React.ComponentProps<"div">, "onChange" | "defaultValue"> & {
  /** The editable area's id; the label's and the error's ids are made from it. */
  id: string;
  label: string;
  defaultValue: string;
  onChange: (html: string) => void;
  error?: string;
};

/**
 * A form's rich-text body: the label (a click on it focuses the editor, as a native label would),
 * the editor named by that label, and the field's error read out with it.
 */
function RichTextField({ id, label, defaultValue, onChange, error, className, ...props }: RichTextFieldProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div data-slot="rich-text-field" className={cn("grid gap-2", className)} {...props}>
      <Label id={labelId} onClick={() => document.getElementById(id)?.focus()}>
        {label}
      </Label>
      <RichTextEditor
        id={id}
        labelId={labelId}
        defaultValue={defaultValue}
        onChange={onChange}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

export { RichTextField };
