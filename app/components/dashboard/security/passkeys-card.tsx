import { KeyRoundIcon, PencilIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import type { ActionAnswer } from "~/lib/action-answer";
import type { PasskeyView } from "~/lib/view-types/passkeys";
import { formatDate } from "../format";
import { useEndSession } from "../session-state";
import { AddPasskeyDialog } from "./passkey-add-dialog";
import { RemovePasskeyDialog, RenamePasskeyDialog } from "./passkey-change-dialogs";

type PasskeyList = ActionAnswer<{ passkeys: PasskeyView[] }>;
const LIST = "/api/dashboard/passkeys";

/**
 * User Info → Security → Passkeys: add a passkey (named by the member, or after
 * the authenticator), list, rename and remove. Every step goes through our routes; the
 * WebAuthn library loads only when a passkey is being added.
 */
export function PasskeysCard() {
  const list = useFetcher<PasskeyList>();
  const endSession = useEndSession();
  const { load } = list;
  React.useEffect(() => {
    void load(LIST);
  }, [load]);
  const reload = React.useCallback(() => void load(LIST), [load]);
  // A session that ended elsewhere: the dashboard's shared handling (data off the screen, the
  // refusal's text as a toast, then /signin), as for every other dashboard call.
  const answered = React.useCallback(
    (answer: ActionAnswer) => {
      if (!answer.ok && answer.signedOut) endSession?.(answer.error);
    },
    [endSession],
  );

  const [adding, setAdding] = React.useState(false);
  const [renaming, setRenaming] = React.useState<PasskeyView | null>(null);
  const [removing, setRemoving] = React.useState<PasskeyView | null>(null);
  const data = list.data;
  const passkeys = data?.ok ? data.passkeys : null;
  React.useEffect(() => {
    if (data && !data.ok && data.signedOut) endSession?.(data.error);
  }, [data, endSession]);

  return (
    <Card role="group" aria-labelledby="passkeys-heading">
      <CardHeader>
        <CardTitle>
          <h3 id="passkeys-heading" className="flex items-center gap-2 text-base font-semibold">
            <KeyRoundIcon className="size-4" aria-hidden="true" />
            Passkeys
          </h3>
        </CardTitle>
        <CardDescription>Sign in with your fingerprint, face or screen lock instead of your password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data && !data.ok ? (
          <p role="alert" className="text-sm text-destructive">
            {data.error || "Failed to load passkeys."}
          </p>
        ) : passkeys === null ? (
          <div role="status" aria-busy="true" aria-label="Loading passkeys" className="grid gap-2">
            <Skeleton className="h-12 w-full" />
          </div>
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no passkeys yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Your passkeys">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium break-all">
                    {passkey.name}
                    {passkey.backedUp ? <Badge variant="outline">Synced</Badge> : null}
                  </p>
                  {passkey.createdAt ? (
                    <p className="text-xs text-muted-foreground">Added {formatDate(passkey.createdAt)}</p>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Rename passkey ${passkey.name}`}
                    onClick={() => setRenaming(passkey)}
                  >
                    <PencilIcon />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Remove passkey ${passkey.name}`}
                    onClick={() => setRemoving(passkey)}
                  >
                    <Trash2Icon />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button type="button" variant="outline" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        </div>
      </CardContent>
      <AddPasskeyDialog open={adding} onOpenChange={setAdding} onDone={reload} onAnswer={answered} />
      <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} onDone={reload} onAnswer={answered} />
      <RemovePasskeyDialog passkey={removing} onClose={() => setRemoving(null)} onDone={reload} onAnswer={answered} />
    </Card>
  );
}
