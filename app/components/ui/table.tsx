import * as React from "react";
import { cn } from "~/lib/utils";

/*
 * On a phone (below the `sm` width) a table's rows stack: each row is a card of its cells, one
 * under the other, so every column is in view instead of the first one and a sideways scroll.
 * The header row is then only read out by screen readers; a cell's `label` prop (the column's
 * name) is shown before its value in its place. Wider screens get the plain table.
 */
function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto max-sm:overflow-x-visible">
      <table
        data-slot="table"
        className={cn("w-full caption-bottom text-sm max-sm:block max-sm:[&>tbody]:block", className)}
        {...props}
      />
    </div>
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead data-slot="table-header" className={cn("[&_tr]:border-b max-sm:sr-only", className)} {...props} />;
}

function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn("border-t bg-muted/50 font-medium [&>tr]:last:border-b-0", className)}
      {...props}
    />
  );
}

function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        "border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted max-sm:grid " +
          "max-sm:gap-1 max-sm:py-2",
        className,
      )}
      {...props}
    />
  );
}

function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-foreground " +
          "[&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]",
        className,
      )}
      {...props}
    />
  );
}

/** `label`: the column's name, shown before the value when the rows stack on a phone. */
function TableCell({ className, label, ...props }: React.ComponentProps<"td"> & { label?: string }) {
  return (
    <td
      data-slot="table-cell"
      data-label={label}
      className={cn(
        "p-2 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]",
        "max-sm:block max-sm:min-w-0 max-sm:px-2 max-sm:py-0.5 max-sm:text-left max-sm:break-words " +
          "max-sm:whitespace-normal",
        "max-sm:data-[label]:before:mr-2 max-sm:data-[label]:before:font-medium " +
          "max-sm:data-[label]:before:text-muted-foreground " +
          "max-sm:data-[label]:before:content-[attr(data-label)]",
        className,
      )}
      {...props}
    />
  );
}

function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return (
    <caption data-slot="table-caption" className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />
  );
}

export { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow };
