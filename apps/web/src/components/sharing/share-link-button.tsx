import { useState, type ReactNode } from "react";
import { useQuery, useQueryClient, type UseQueryOptions } from "@tanstack/react-query";
import { Copy, ExternalLink, Link2, Link2Off, Share2 } from "lucide-react";
import { BusyButton } from "../ui/busy-button";
import { Button } from "../ui/button";
import { copyAndTell } from "../ui/copyable-secret";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Spinner } from "../ui/spinner";
import { useSubmit, type Submit } from "../ui/use-submit";
import { notify } from "../ui/notify";

/** A share link as the API gives it: the url, or null when the thing is not shared. */
interface Share {
  url: string | null;
}

export interface ShareLinkButtonProps<K extends readonly unknown[]> {
  /** The share's query (GET …/share); its cache is set after each change. */
  query: UseQueryOptions<Share, Error, Share, K> & { queryKey: K };
  /** Turns the link on (the same link when it already is) or off. */
  change: (shared: boolean) => Promise<Share>;
  /** The dialog's title: "Share this run". */
  title: string;
  /** Who sees what with the link, and what they do not see. */
  description: ReactNode;
  /** Said while there is no link: "This run is not shared." */
  notShared: string;
  /** Makes the link field's id unique on the page. */
  id: string;
}

const copyLink = (link: string) =>
  copyAndTell(
    link,
    ["Link copied", "The share link has been copied to clipboard."],
    "The link could not be copied. Select it and copy it yourself.",
  );

/** Create link and Stop sharing, each told in a toast when it fails. */
function useSharing<K extends readonly unknown[]>({ query, change }: Pick<ShareLinkButtonProps<K>, "query" | "change">) {
  const queryClient = useQueryClient();
  return useSubmit({
    action: (next: "share" | "unshare") => change(next === "share"),
    onSuccess: (share, next) => {
      queryClient.setQueryData<Share>(query.queryKey, share);
      if (next === "unshare") notify.success("Sharing stopped", "The link no longer works.");
    },
    failure: (_, next) => ({
      message: next === "share" ? "Failed to create the share link. Please try again." : "Failed to stop sharing. Please try again.",
    }),
  });
}

/**
 * "Share": the owner makes a link to a read-only view, copies it, and can stop sharing at any
 * time. Listed nowhere: only people given the link see it.
 */
export function ShareLinkButton<K extends readonly unknown[]>({
  query,
  change,
  title,
  description,
  notShared,
  id,
}: ShareLinkButtonProps<K>) {
  const share = useQuery(query);
  const sharing = useSharing({ query, change });
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
        <Label htmlFor={`share-link-${id}`}>Share link</Label>
        <Input
          id={`share-link-${id}`}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <p className="text-xs text-muted-foreground">Stop sharing to turn this link off. A new link can be made later.</p>
      </div>
    );
  else body = <p className="text-sm text-muted-foreground">{notShared}</p>;

  return (
    <Dialog open={open} onOpenChange={(next) => (sharing.busy ? undefined : setOpen(next))}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog" data-shared={url ? "" : undefined}>
        <Share2 aria-hidden="true" />
        {url ? "Shared" : "Share"}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
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
