import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, ExternalLink, Link2, Link2Off, Share2 } from "lucide-react";
import { runShareQueryOptions, shareKeys, shareRun, unshareRun } from "../../api/sharing";
import { BusyButton } from "../../components/ui/busy-button";
import { Button } from "../../components/ui/button";
import { copyAndTell } from "../../components/ui/copyable-secret";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { useSubmit, type Submit } from "../../components/ui/use-submit";
import { notify } from "../../components/ui/notify";

const copyLink = (link: string) =>
  copyAndTell(
    link,
    ["Link copied", "The share link has been copied to clipboard."],
    "The link could not be copied. Select it and copy it yourself.",
  );

/** Create link and Stop sharing, each told in a toast when it fails. */
function useSharing(runId: string) {
  const queryClient = useQueryClient();
  return useSubmit({
    action: async (change: "share" | "unshare") => {
      if (change === "share") return shareRun(runId);
      await unshareRun(runId);
      return { url: null };
    },
    onSuccess: (share, change) => {
      queryClient.setQueryData(shareKeys.run(runId), share);
      if (change === "unshare") notify.success("Sharing stopped", "The link no longer works.");
    },
    failure: (_, change) => ({
      message: change === "share" ? "Failed to create the share link. Please try again." : "Failed to stop sharing. Please try again.",
    }),
  });
}

/**
 * "Share" on the run page: the owner makes a link to a read-only replay of the run (like a demo,
 * without their account details), copies it, and can stop sharing at any time. Unlike the
 * admin-only Make Public, the run is listed nowhere: only people given the link see it.
 */
export function ShareRunButton({ runId }: { runId: string }) {
  const share = useQuery(runShareQueryOptions(runId));
  const sharing = useSharing(runId);
  const [open, setOpen] = useState(false);
  const url = share.data?.url ?? null;

  let body;
  if (share.isPending)
    body = (
      <div className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner />
        Loading…
      </div>
    );
  else if (share.isError)
    body = <p className="text-sm text-muted-foreground">The share settings could not be loaded. Close this and try again.</p>;
  else if (url)
    body = (
      <div className="grid gap-2">
        <Label htmlFor={`share-link-${runId}`}>Share link</Label>
        <Input
          id={`share-link-${runId}`}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <p className="text-xs text-muted-foreground">Stop sharing to turn this link off. A new link can be made later.</p>
      </div>
    );
  else body = <p className="text-sm text-muted-foreground">This run is not shared.</p>;

  return (
    <Dialog open={open} onOpenChange={(next) => (sharing.busy ? undefined : setOpen(next))}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog" data-shared={url ? "" : undefined}>
        <Share2 aria-hidden="true" />
        {url ? "Shared" : "Share"}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share this run</DialogTitle>
          <DialogDescription>
            Anyone with the link can watch a read-only replay of this run: its prompt, steps, screenshots and result. Your account, webhook
            and saved logins are not shown.
          </DialogDescription>
        </DialogHeader>
        {body}
        <DialogFooter className="sm:justify-between">
          {url ? (
            <SharedActions url={url} sharing={sharing} />
          ) : (
            <BusyButton
              onClick={() => sharing.run("share")}
              busy={sharing.busy}
              disabled={!share.isSuccess}
              className="sm:ml-auto"
              icon={<Link2 aria-hidden="true" />}
            >
              Create link
            </BusyButton>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SharedActions({ url, sharing }: { url: string; sharing: Submit<"share" | "unshare"> }) {
  return (
    <>
      <BusyButton
        variant="outline"
        onClick={() => sharing.run("unshare")}
        busy={sharing.busy}
        icon={<Link2Off aria-hidden="true" />}
        className="text-destructive hover:text-destructive"
      >
        Stop sharing
      </BusyButton>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button asChild variant="outline">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Open
          </a>
        </Button>
        <Button onClick={() => void copyLink(url)} disabled={sharing.busy}>
          <Copy aria-hidden="true" />
          Copy link
        </Button>
      </div>
    </>
  );
}
