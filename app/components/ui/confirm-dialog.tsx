import type * as React from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";

type ConfirmDialogProps = Omit<React.ComponentProps<typeof Dialog>, "children"> & {
  /** The control that opens it; leave out when `open` says when it shows. */
  trigger?: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  /** The confirm button's text, and its text while `busy`; the cancel button's text ("Cancel"). */
  confirm: string;
  cancel?: string;
  busyLabel?: string;
  /** The request the confirmation started is under way: the button waits, the dialog stays. */
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  className?: string;
};

/**
 * The one "are you sure?": Cancel closes it, the confirm button runs `onConfirm`. Opened by its
 * `trigger`, it closes on confirm; shown by `open`, its owner closes it (after the answer, so a
 * refusal leaves it on screen).
 */
function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  cancel = "Cancel",
  busyLabel,
  busy = false,
  destructive = false,
  onConfirm,
  className,
  ...props
}: ConfirmDialogProps) {
  const controlled = props.open !== undefined;
  const button = (
    <Button type="button" variant={destructive ? "destructive" : "default"} disabled={busy} onClick={onConfirm}>
      {busy && busyLabel ? busyLabel : confirm}
    </Button>
  );
  return (
    <Dialog {...props}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent data-slot="confirm-dialog" className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {cancel}
            </Button>
          </DialogClose>
          {controlled ? button : <DialogClose asChild>{button}</DialogClose>}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export { ConfirmDialog };
