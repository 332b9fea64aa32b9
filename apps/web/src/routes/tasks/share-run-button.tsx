import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, ExternalLink, Link2, Link2Off, Share2 } from "lucide-react";
import { runShareQueryOptions, shareKeys, shareRun, unshareRun } from "../../api/sharing";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { copyText } from "../../lib/browser/clipboard";
import { notify } from "../../components/ui/notify";

/**
 * "Share" on the run page: the owner makes a link to a read-only replay of the run (like a demo,
 * without their account details), copies it, and can stop sharing at any time. Unlike the
 * admin-only Make Public, the run is listed nowhere: only people given the link see it.
 */
export function ShareRunButton({ runId }: { runId: string }) {
  const queryClient = useQueryClient();
  const share = useQuery(runShareQueryOptions(runId));
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<"share" | "unshare" | null>(null);
  const url = share.data?.url ?? null;

  async function createLink() {
    setBusy("share");
    try {
      queryClient.setQueryData(shareKeys.run(runId), await shareRun(runId));
    } catch {
      notify.error("Error", "Failed to create the share link. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  async function stopSharing() {
    setBusy("unshare");
    try {
      await unshareRun(runId);
      queryClient.setQueryData(shareKeys.run(runId), { url: null });
      notify.success("Sharing stopped", "The link no longer works.");
    } catch {
      notify.error("Error", "Failed to stop sharing. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  async function copy(link: string) {
    try {
      await copyText(link);
      notify.success("Link copied", "The share link has been copied to clipboard.");
    } catch {
      notify.error("Error", "The link could not be copied. Select it and copy it yourself.");
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : setOpen(next))}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog" data-shared={url ? "" : undefined}>
        <Share2 aria-hidden="true" />
        {url ? "Shared" : "Share"}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share this run</DialogTitle>
          <DialogDescription>
            Anyone with the link can watch a read-only replay of this run: its prompt, steps, screenshots and result. Your
            account, webhook and saved logins are not shown.
          </DialogDescription>
        </DialogHeader>
        {share.isPending ? (
          <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner />
            Loading…
          </div>
        ) : share.isError ? (
          <p className="text-sm text-muted-foreground">The share settings could not be loaded. Close this and try again.</p>
        ) : url ? (
          <div className="grid gap-2">
            <Label htmlFor={`share-link-${runId}`}>Share link</Label>
            <Input id={`share-link-${runId}`} value={url} readOnly onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
            <p className="text-xs text-muted-foreground">Stop sharing to turn this link off. A new link can be made later.</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">This run is not shared.</p>
        )}
        <DialogFooter className="sm:justify-between">
          {url ? (
            <>
              <Button variant="outline" onClick={() => void stopSharing()} disabled={busy !== null} className="text-destructive hover:text-destructive">
                {busy === "unshare" ? <Spinner /> : <Link2Off aria-hidden="true" />}
                Stop sharing
              </Button>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button asChild variant="outline">
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    <ExternalLink aria-hidden="true" />
                    Open
                  </a>
                </Button>
                <Button onClick={() => void copy(url)} disabled={busy !== null}>
                  <Copy aria-hidden="true" />
                  Copy link
                </Button>
              </div>
            </>
          ) : (
            <Button onClick={() => void createLink()} disabled={busy !== null || !share.isSuccess} className="sm:ml-auto" aria-busy={busy === "share"}>
              {busy === "share" ? <Spinner /> : <Link2 aria-hidden="true" />}
              Create link
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
