/** Pieces the deposits page's two tables share. */

/** A transaction hash, shortened, linking to its page on the block explorer (a new tab). */
export function TxLink({ txId, href, eventIndex }: { txId: string; href: string; eventIndex: number }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      title={txId}
      className="font-mono text-xs underline underline-offset-4"
    >
      {txId.slice(0, 10)}…{txId.slice(-6)}
      {eventIndex > 0 ? <span className="text-muted-foreground"> #{eventIndex}</span> : null}
    </a>
  );
}

/** A TRON address, whole (it is what staff compare with a member's wallet), broken anywhere on a phone. */
export function Address({ value }: { value: string }) {
  return <span className="font-mono text-xs break-all">{value}</span>;
}
