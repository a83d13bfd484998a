import type * as React from "react";
import { Label } from "~/components/ui/label";
import { NativeCheckbox } from "~/components/ui/native-checkbox";

/**
 * A box a person must tick to go on (the sign-up's terms and risk), with the server's message
 * under it when a form posted without JavaScript came back without it ticked.
 */
function ConsentCheckbox({
  id,
  checked,
  onCheckedChange,
  error,
  children,
}: {
  /** Also the field's name, as posted. */
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string;
  /** The label. */
  children: React.ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <>
      <div data-slot="consent-checkbox" className="flex items-start gap-3">
        <NativeCheckbox
          id={id}
          name={id}
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <Label htmlFor={id} className="font-normal leading-snug">
          {children}
        </Label>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="-mt-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}

export { ConsentCheckbox };
