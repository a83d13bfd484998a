import type * as React from "react";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

/** A button that asks first: the editor's publish, unpublish and archive change what readers see. */
export function ConfirmButton({
  label,
  title,
  description,
  confirm,
  onConfirm,
  disabled,
  variant = "outline",
  children,
}: {
  label: string;
  title: string;
  description: string;
  confirm: string;
  onConfirm: () => void;
  disabled?: boolean;
  variant?: "default" | "outline" | "destructive" | "ghost";
  children?: React.ReactNode;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant={variant} disabled={disabled}>
          {children}
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirm={confirm}
      destructive={variant === "destructive"}
      onConfirm={onConfirm}
    />
  );
}
