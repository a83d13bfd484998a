import { LaptopIcon, MonitorSmartphoneIcon, SmartphoneIcon } from "lucide-react";
import * as React from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/sonner";
import type { ActionAnswer } from "~/lib/action-answer";
import { formatRelativeTime } from "~/lib/dates";
import type { SignedInDevice } from "~/lib/view-types/sessions";
import { useEndSession } from "../session-state";
import { useMemberAction } from "../use-member-action";

type DevicesList = ActionAnswer<{ devices: SignedInDevice[] }>;
type RevokeAnswer = ActionAnswer<{ revoked: number }>;
const LIST = "/api/dashboard/sessions";

/**
 * User Info → Security → Signed-in devices: every browser signed in to this account
 * (browser and system, approximate place or masked address block, last activity), this one
 * marked; sign out one of the others, or all of them at once.
 */
export function SessionsCard() {
  const list = useFetcher<DevicesList>();
  const { load } = list;
  const endSession = useEndSession();
  React.useEffect(() => {
    void load(LIST);
  }, [load]);
  const data = list.data;
  React.useEffect(() => {
    if (data && !data.ok && data.signedOut) endSession?.(data.error);
  }, [data, endSession]);

  const [pending, setPending] = React.useState<string | null>(null);
  const { submit, busy } = useMemberAction<RevokeAnswer>(
    (answer) => {
      const all = pending === "others";
      setPending(null);
      void load(LIST);
      if (answer.ok) {
        toast.success(all ? "Other devices signed out" : "Device signed out", {
          description: all
            ? `${answer.revoked === 1 ? "1 device was" : `${answer.revoked} devices were`} signed out.`
            : "That device will have to sign in again.",
        });
      } else if (!answer.signedOut) {
        toast.error("Device not signed out", { description: answer.error });
      }
    },
    { action: LIST },
  );
  const revoke = (device: SignedInDevice) => {
    setPending(device.id);
    submit({ intent: "revoke", sessionId: device.id });
  };
  const revokeOthers = () => {
    setPending("others");
    submit({ intent: "revoke-others" });
  };

  const devices = data?.ok ? data.devices : null;
  const others = devices?.filter((d) => !d.current).length ?? 0;

  return (
    <Card role="group" aria-labelledby="sessions-heading">
      <CardHeader>
        <CardTitle>
          <h3 id="sessions-heading" className="flex items-center gap-2 text-base font-semibold">
            <MonitorSmartphoneIcon className="size-4" aria-hidden="true" />
            Signed-in devices
          </h3>
        </CardTitle>
        <CardDescription>
          Where your account is signed in. Sign out any device you do not recognise, then change your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data && !data.ok ? (
          <p role="alert" className="text-sm text-destructive">
            {data.error || "Failed to load your devices."}
          </p>
        ) : devices === null ? (
          <div role="status" aria-busy="true" aria-label="Loading signed-in devices" className="grid gap-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : (
          <ul className="grid gap-2" aria-label="Signed-in devices">
            {devices.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                busy={busy && (pending === device.id || pending === "others")}
                onRevoke={() => revoke(device)}
                disabled={busy}
              />
            ))}
          </ul>
        )}
        {others > 0 ? (
          <div>
            <Button type="button" variant="outline" onClick={revokeOthers} disabled={busy}>
              {busy && pending === "others" ? "Signing out..." : "Sign out all other devices"}
            </Button>
          </div>
        ) : devices ? (
          <p className="text-sm text-muted-foreground">No other device is signed in.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DeviceRow({
  device,
  busy,
  disabled,
  onRevoke,
}: {
  device: SignedInDevice;
  busy: boolean;
  disabled: boolean;
  onRevoke: () => void;
}) {
  const Icon = device.os === "iOS" || device.os === "Android" ? SmartphoneIcon : LaptopIcon;
  const name = `${device.browser} on ${device.os}`;
  const where = device.place ?? (device.address ? `Network ${device.address}` : null);
  return (
    <li
      className="flex items-center justify-between gap-3 rounded-md border px-3 py-2"
      aria-label={device.current ? `${name} (this device)` : name}
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {name}
            {device.current ? <Badge variant="success">This device</Badge> : null}
          </p>
          <p className="text-xs text-muted-foreground">
            {[where, device.current ? "Active now" : `Last active ${formatRelativeTime(device.lastActiveAt)}`]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      </div>
      {device.current ? null : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onRevoke}
          disabled={disabled}
          aria-label={`Sign out ${name}`}
        >
          {busy ? "Signing out..." : "Sign out"}
        </Button>
      )}
    </li>
  );
}
