import { ShieldCheckIcon } from "lucide-react";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { useDashboard } from "../dashboard-context";
import { NewCodesDialog } from "./two-factor-new-codes-dialog";
import { TurnOffDialog } from "./two-factor-turn-off-dialog";
import { TurnOnDialog } from "./two-factor-turn-on-dialog";

type Dialogs = "turn-on" | "new-codes" | "turn-off" | null;

/**
 * User Info → Security → Two-factor authentication. Turning on: the password, then
 * the QR code and the secret (shown once) and a code from the app to confirm; then the ten
 * backup codes, shown once and downloadable. When on: new backup codes (password) and turning
 * off (password and a code). Each change signs out the member's other sessions.
 */
export function TwoFactorCard() {
  const { profile } = useDashboard();
  const [open, setOpen] = React.useState<Dialogs>(null);
  const close = () => setOpen(null);
  const on = profile.twoFactorEnabled;

  return (
    <Card role="group" aria-labelledby="two-factor-heading">
      <CardHeader>
        <CardTitle>
          <h3 id="two-factor-heading" className="flex items-center gap-2 text-base font-semibold">
            <ShieldCheckIcon className="size-4" aria-hidden="true" />
            Two-factor authentication
            {on ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>}
          </h3>
        </CardTitle>
        <CardDescription>
          {on
            ? "Signing in asks for a code from your authenticator app, or one of your backup codes."
            : "Protect your account with a code from an authenticator app each time you sign in."}
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        {on
          ? "Keep your backup codes somewhere safe: each one signs you in once if you lose your device."
          : "Works with Google Authenticator, 1Password, Authy and other authenticator apps."}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {on ? (
          <>
            <Button type="button" variant="outline" onClick={() => setOpen("new-codes")}>
              New backup codes
            </Button>
            <Button type="button" variant="outline" onClick={() => setOpen("turn-off")}>
              Turn off
            </Button>
          </>
        ) : (
          <Button type="button" onClick={() => setOpen("turn-on")}>
            Turn on
          </Button>
        )}
      </CardFooter>
      <TurnOnDialog open={open === "turn-on"} onClose={close} />
      <NewCodesDialog open={open === "new-codes"} onClose={close} />
      <TurnOffDialog open={open === "turn-off"} onClose={close} />
    </Card>
  );
}
