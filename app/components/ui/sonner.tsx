import * as React from "react";
import type { SonnerToast } from "./sonner-toaster";

/*
 * Toasts without sonner on first load: most visits never show one, and sonner with its icons
 * is ~10 KB gzip of JavaScript on every page. `toast.success/error` queue the toast, the
 * `<Toaster />` in the root loads the real toaster (./sonner-toaster.tsx) on the first call and
 * hands the queue over once it listens, so no toast is lost while it loads.
 */

/** `id`: a toast shown again under the same id replaces the first instead of stacking a second. */
type ToastOptions = { description?: React.ReactNode; id?: string };
type Call = (sonner: SonnerToast) => void;

let sonner: SonnerToast | undefined;
const queue: Call[] = [];
const hosts = new Set<() => void>();

function show(call: Call) {
  if (sonner) return call(sonner);
  queue.push(call);
  hosts.forEach((mount) => mount());
}

const toast = {
  success: (message: React.ReactNode, options?: ToastOptions) => show((t) => void t.success(message, options)),
  error: (message: React.ReactNode, options?: ToastOptions) => show((t) => void t.error(message, options)),
};

// If the module cannot be fetched (a page opened before a deploy), toasts are dropped rather
// than the page: the toaster sits in the root layout, above every error boundary.
const SonnerToaster = React.lazy(
  (): Promise<{ default: React.ComponentType<{ onReady: (toast: SonnerToast) => void }> }> =>
    import("./sonner-toaster").catch(() => ({ default: () => null })),
);

const onReady = (loaded: SonnerToast) => {
  sonner = loaded;
  queue.splice(0).forEach((call) => call(loaded));
};

function Toaster() {
  const [wanted, setWanted] = React.useState(false);
  React.useEffect(() => {
    const mount = () => setWanted(true);
    hosts.add(mount);
    if (queue.length > 0) mount(); // a toast asked for before this host was listening
    return () => {
      hosts.delete(mount);
    };
  }, []);
  if (!wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <SonnerToaster onReady={onReady} />
    </React.Suspense>
  );
}

export { Toaster, toast };
