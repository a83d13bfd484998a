import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";

/**
 * The back office's "are you sure?": `trigger` opens it, Cancel closes it, the confirm button
 * closes it and runs `onConfirm`. For changes readers or members notice at once (publishing,
 * deleting, unsubscribing an address).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirm,
  destructive = false,
  onConfirm,
}: {
  trigger: React.ReactElement;
  title: React.ReactNode;
  description: React.ReactNode;
  confirm: string;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <DialogClose asChild>
            <Button type="button" variant={destructive ? "destructive" : "default"} onClick={onConfirm}>
              {confirm}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
