import type { ReactNode } from "react";
import type { QueryClient, QueryKey, UseQueryResult } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Button } from "../ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";

interface CollectionCardProps<T> {
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
  /** "credentials", "proxy pools": in "Loading …" and "Your … could not be loaded." */
  noun: string;
  /** How many rows, and how tall, the loading skeleton shows. */
  skeleton: { rows: number; className: string };
  /** What the card says when there is nothing yet. */
  empty: ReactNode;
  listLabel: string;
  /** One <li> per item. */
  row: (item: T) => ReactNode;
  /** The card's dialogs (add or edit, delete). */
  children?: ReactNode;
}

/** A card listing the person's things of one kind (credentials, proxy pools, webhooks), with Add and each row's actions. */
export function CollectionCard<T>(props: CollectionCardProps<T>) {
  const { id, headingId, icon, title, description, addLabel, onAdd, items, noun, skeleton, empty, listLabel, row, children } = props;
  let body;
  if (items.isPending)
    body = (
      <div className="grid gap-3" role="status" aria-label={`Loading ${noun}`}>
        {Array.from({ length: skeleton.rows }, (_, index) => (
          <Skeleton key={index} className={skeleton.className} />
        ))}
      </div>
    );
  else if (items.isError) body = <LoadError message={`Your ${noun} could not be loaded.`} onRetry={() => void items.refetch()} retrying={items.isFetching} />;
  else if (!items.data.length) body = <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{empty}</p>;
  else
    body = (
      <ul className="grid gap-3" aria-label={listLabel}>
        {items.data.map(row)}
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
    </Card>
  );
}

/** After a delete: the item leaves the cached list at once, and the list is read again. */
export function removeFromList<T extends { id: string }>(queryClient: QueryClient, queryKey: QueryKey, item: T): void {
  queryClient.setQueryData<T[]>(queryKey, (list) => list?.filter((other) => other.id !== item.id));
  void queryClient.invalidateQueries({ queryKey });
}
