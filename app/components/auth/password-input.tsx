import { EyeIcon, EyeOffIcon } from "lucide-react";
import * as React from "react";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/** A password field with the show/hide toggle of the account screens. */
export function PasswordInput({ className, ...props }: Omit<React.ComponentProps<typeof Input>, "type">) {
  const [visible, setVisible] = React.useState(false);
  return (
    <div data-slot="password-input" className="relative">
      <Input type={visible ? "text" : "password"} className={cn("pr-10", className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? "Hide password" : "Show password"}
        aria-pressed={visible}
        className={
          "absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md " +
          "text-muted-foreground hover:text-foreground focus-visible:outline-2 " +
          "focus-visible:outline-ring"
        }
      >
        {visible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
      </button>
    </div>
  );
}
