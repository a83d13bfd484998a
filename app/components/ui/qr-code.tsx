import type * as React from "react";
import type { QrImage } from "~/lib/view-types/member";

/**
 * A QR code drawn on the server (`QrImage`: one path of dark modules), shown as an inline SVG with
 * `label` as its name, so no QR library reaches the browser. Plain markup with no dependency: the
 * Telegram portal's server-rendered views use it as the dashboard does.
 */
function QrCode({
  qr,
  label,
  ...props
}: Omit<React.ComponentProps<"svg">, "children"> & { qr: QrImage; label: string }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      data-slot="qr-code"
      {...props}
    >
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

export { QrCode };
