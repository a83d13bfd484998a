import { ImageUploadField } from "~/components/admin/image-upload-field";

/*
 * The post's hero image and its social image: the back office's image upload field
 * (pick or drop a file, uploaded at once, the field holds its address). Kept as its own small
 * component so the post editor does not change when the upload field does.
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
    <ImageUploadField id={id} label={label} value={value} onChange={(src) => onChange(src)} error={error} hint={hint} />
  );
}
