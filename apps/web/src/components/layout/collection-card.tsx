import { useState, type ReactNode } from "react";
import { useQueryClient, type QueryClient, type QueryKey, type UseQueryResult } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { ConfirmDeleteDialog } from "../ui/confirm-delete-dialog";
import { LoadError } from "../ui/load-error";
import { notify } from "../ui/notify";
import { LoadingBars } from "../ui/skeleton";

/** How an item of the card is deleted, after "Delete …?". */
interface Deletion<T> {
  title: string;
  describe: (item: T) => ReactNode;
  request: (item: T) => Promise<unknown>;
  /** The success toast: its title and description. */
  done: [string, string?];
  /** The error toast's description. */
  failure: string;
  /** Whatever else the app keeps about the item (e.g. a webhook's deliveries). */
  forget?: (item: T) => void;
}

interface CollectionCardProps<T extends { id: string }> {
  /** The card's own id, for links to it (e.g. /auth-contexts#proxies). */
  id?: string;
  headingId: string;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** The Add button: its label, and what it opens. */
  addLabel: string;
  onAdd: () => void;
  items: UseQueryResult<T[]>;
  /** The list's query key: a deleted item leaves it at once. */
  listKey: QueryKey;
  /** "credentials", "proxy pools": in "Loading …" and "Your … could not be loaded." */
  noun: string;
  /** How many rows, and how tall, the loading skeleton shows. */
  skeleton: { rows: number; className: string };
  /** What the card says when there is nothing yet. */
  empty: ReactNode;
  listLabel: string;
  /** One <li> per item; `onDelete` asks to delete it. */
  row: (item: T, onDelete: () => void) => ReactNode;
  deletion: Deletion<T>;
  /** The card's add or edit dialog. */
  children?: ReactNode;
}

/** A card listing the person's things of one kind (credentials, proxy pools, webhooks), with Add and each row's actions. */
export function CollectionCard<T extends { id: string }>(props: CollectionCardProps<T>) {
  const {
    id,
    headingId,
    icon,
    title,
    description,
    addLabel,
    onAdd,
    items,
    listKey,
    noun,
    skeleton,
    empty,
    listLabel,
    row,
    deletion,
    children,
  } = props;
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<T | null>(null);
  let body;
  if (items.isPending)
    body = (
      <LoadingBars label={`Loading ${noun}`} bars={Array.from({ length: skeleton.rows }, () => skeleton.className)} className="gap-3" />
    );
  else if (items.isError)
    body = <LoadError message={`Your ${noun} could not be loaded.`} onRetry={() => void items.refetch()} retrying={items.isFetching} />;
  else if (!items.data.length) body = <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{empty}</p>;
  else
    body = (
      <ul className="grid gap-3" aria-label={listLabel}>
        {items.data.map((item) => row(item, () => setDeleting(item)))}
      </ul>
    );

  return (
    <Card id={id} className="mt-6" role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle id={headingId} className="flex items-center gap-2 text-lg">
            {icon}
            {title}
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" />
          {addLabel}
        </Button>
      </CardHeader>
      <CardContent>{body}</CardContent>
      {children}
      <ConfirmDeleteDialog
        item={deleting}
        title={deletion.title}
        describe={deletion.describe}
        remove={deletion.request}
        onDeleted={(item) => {
          deletion.forget?.(item);
          removeFromList(queryClient, listKey, item);
          notify.success(...deletion.done);
        }}
        onFailed={() => notify.error("Error", deletion.failure)}
        onClose={() => setDeleting(null)}
      />
    </Card>
  );
}

/** After a delete: the item leaves the cached list at once, and the list is read again. */
function removeFromList<T extends { id: string }>(queryClient: QueryClient, queryKey: QueryKey, item: T): void {
  queryClient.setQueryData<T[]>(queryKey, (list) => list?.filter((other) => other.id !== item.id));
  void queryClient.invalidateQueries({ queryKey });
}
