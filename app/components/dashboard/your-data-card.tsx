import { DownloadIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { DeleteAccountDialog } from "./delete-account-dialog";

/** Where the member's data export is downloaded (a JSON attachment, their own data only). */
export const DATA_EXPORT_URL = "/api/dashboard/data-export";

/** User Info → Your data: download everything kept about you, or delete the account. */
export function YourDataCard() {
  const [deleting, setDeleting] = React.useState(false);
  return (
    <Card role="group" aria-labelledby="your-data-heading">
      <CardHeader>
        <CardTitle>
          <h2 id="your-data-heading" className="text-lg font-semibold">
            Your data
          </h2>
        </CardTitle>
        <CardDescription>Download a copy of everything we keep about you, or delete your account.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        The download is a JSON file: your profile, subscriptions, billing, balance history, deposits, orders,
        notifications and signed-in devices.
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          {/* A plain link: the browser saves the attachment; no page of ours is involved. */}
          <a href={DATA_EXPORT_URL} download>
            <DownloadIcon aria-hidden="true" />
            Download my data
          </a>
        </Button>
        <Button type="button" variant="destructive" onClick={() => setDeleting(true)}>
          <Trash2Icon aria-hidden="true" />
          Delete account
        </Button>
      </CardFooter>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}
