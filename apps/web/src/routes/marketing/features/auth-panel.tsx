import { Cookie, Database, KeyRound, LockKeyhole, ShieldCheck } from "lucide-react";
import { PanelFrame } from "./panel-frame";

/** A saved login: what is stored, how, and what the model never sees. */
export function AuthPanel() {
  return (
    <PanelFrame
      title="Auth context · My shop account"
      description="Illustration: a saved login session whose cookies and local storage are encrypted with AES-256-GCM, reused by later runs, and kept out of the model's prompt."
    >
      <div className="flex items-center gap-4 rounded-lg bg-primary p-4 text-primary-foreground">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white/15">
          <LockKeyhole className="size-6" />
        </span>
        <span className="min-w-0">
          <span className="block text-sm font-semibold">Signed in once, in a live browser</span>
          <span className="block truncate text-sm opacity-90">shop.example.com</span>
        </span>
      </div>
      <ul className="mt-3 space-y-2 text-sm">
        <li className="flex items-center gap-3 rounded-lg border bg-background p-3">
          <Cookie className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1">Cookies</span>
          <span className="font-mono text-xs text-muted-foreground">AES-256-GCM</span>
        </li>
        <li className="flex items-center gap-3 rounded-lg border bg-background p-3">
          <Database className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1">Local storage</span>
          <span className="font-mono text-xs text-muted-foreground">AES-256-GCM</span>
        </li>
        <li className="flex items-center gap-3 rounded-lg border bg-background p-3">
          <KeyRound className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 flex-1">Model prompt</span>
          <span className="font-mono text-xs text-muted-foreground">no cookie values</span>
        </li>
      </ul>
      <p className="mt-3 flex items-center gap-2 text-xs text-muted-foreground">
        <ShieldCheck className="size-4 shrink-0 text-green-600" />
        Later runs start already signed in.
      </p>
    </PanelFrame>
  );
}
