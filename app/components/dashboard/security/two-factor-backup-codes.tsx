import { CopyIcon, DownloadIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/components/ui/sonner";

/** The ten backup codes, shown once: copy or download them as a text file. */
export function BackupCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Backup codes for your account. Each code signs you in once.\n\n${codes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "backup-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast.success("Backup codes copied to clipboard");
    } catch {
      toast.error("Failed to copy backup codes");
    }
  };
  return (
    <>
      <DialogHeader>
        <DialogTitle>Save your backup codes</DialogTitle>
        <DialogDescription>
          Each code signs you in once if you lose your authenticator app. They are shown only now: download or copy them
          and keep them safe.
        </DialogDescription>
      </DialogHeader>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-3 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <DialogFooter className="gap-2">
        <Button type="button" variant="outline" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Download
        </Button>
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
