import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";

/*
 * The post's hero image (issue #16). For now an address (/images/… or https://…); the image
 * uploads of the back office replace this one component with the upload field, so the editor
 * changes by one line.
 */
export function HeroImageField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint ?? "An address on this site (/images/…) or a full https:// address."}>
      <Input
        id={id}
        value={value}
        inputMode="url"
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </FormField>
  );
}
