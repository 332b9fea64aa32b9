import { Fragment, useState, type ReactNode } from "react";
import { useQuery, useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import type { WorkspaceOperation } from "@errand/contract";
import { capitalized, type Noun } from "../../lib/format/noun";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { ConfirmDeleteDialog } from "../ui/confirm-delete-dialog";
import { notify } from "../ui/notify";
import { EmptyNote, QueryStates } from "../ui/query-states";
import { LoadingBars } from "../ui/skeleton";
import { RoleNote } from "../../workspaces/role-note";
import { useCan } from "../../workspaces/use-workspace-allows";
import { SectionCardHeader } from "./section-card-header";

/** How an item of the card is deleted, after "Delete …?". */
interface Deletion<T> {
  describe: (item: T) => ReactNode;
  request: (item: T) => Promise<unknown>;
  /** The success toast's description, when it has one. */
  deleted?: string;
  /** Whatever else the app keeps about the item (e.g. a webhook's deliveries). */
  forget?: (item: T) => void;
}

/** What a row can ask of the card. */
interface RowActions {
  onEdit: () => void;
  onDelete: () => void;
}

/** null: closed; "new": adding; an item: editing it. */
export type Editing<T> = T | "new" | null;

interface CollectionCardProps<T extends { id: string }, K extends QueryKey> {
  /** The card's own id, for links to it (e.g. /auth-contexts#proxies). */
  id?: string;
  headingId: string;
  icon: ReactNode;
  title: string;
  description: ReactNode;
  /** "credential", "credentials": the Add button, the list's name, loading, errors and the delete's words. */
  noun: Noun;
  /** The list (a deleted item leaves it at once). */
  query: UseQueryOptions<T[], Error, T[], K> & { queryKey: K };
  /** How many rows, and how tall, the loading skeleton shows. */
  skeleton: { rows: number; className: string };
  /** What the card says when there is nothing yet. */
  empty: ReactNode;
  /** One <li> per item; `actions` is null for a role that may not change them. */
  row: (item: T, actions: RowActions | null) => ReactNode;
  /** The kind of operation adding, editing and deleting is, and its words for the note a role that may not do it reads ("add and change credentials"). */
  changes: { operation: WorkspaceOperation; what: string };
  deletion: Deletion<T>;
  /** The add or edit dialog, for the item being edited (null when adding). */
  editor: (existing: T | null, onClose: () => void) => ReactNode;
}

/** A card listing the person's things of one kind (credentials, proxy pools, webhooks), with Add and each row's actions. */
export function CollectionCard<T extends { id: string }, K extends QueryKey>(props: CollectionCardProps<T, K>) {
  const { id, headingId, icon, title, description, noun, query, skeleton, empty, row, deletion, editor, changes } = props;
  const items = useQuery(query);
  const canChange = useCan(changes.operation);
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const close = () => setEditing(null);
  return (
    <Card id={id} className="mt-6" role="region" aria-labelledby={headingId}>
      <SectionCardHeader
        headingId={headingId}
        icon={icon}
        title={title}
        description={description}
        note={canChange ? null : <RoleNote operation={changes.operation} what={changes.what} />}
        action={
          canChange ? (
            <Button onClick={() => setEditing("new")}>
              <Plus aria-hidden="true" />
              Add {noun.one}
            </Button>
          ) : null
        }
      />
      <CardContent>
        <QueryStates
          query={items}
          loading={
            <LoadingBars
              label={`Loading ${noun.many}`}
              bars={Array.from({ length: skeleton.rows }, () => skeleton.className)}
              className="gap-3"
            />
          }
          failed={`Your ${noun.many} could not be loaded.`}
          empty={<EmptyNote>{empty}</EmptyNote>}
        >
          {(list) => (
            <ul className="grid gap-3" aria-label={capitalized(noun.many)}>
              {list.map((item) => row(item, canChange ? { onEdit: () => setEditing(item), onDelete: () => setDeleting(item) } : null))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
      {/* A new key per item: the form starts from the item it edits. */}
      {editing ? (
        <Fragment key={editing === "new" ? "new" : editing.id}>{editor(editing === "new" ? null : editing, close)}</Fragment>
      ) : null}
      <CardDeletion item={deleting} noun={noun} deletion={deletion} listKey={query.queryKey} onClose={() => setDeleting(null)} />
    </Card>
  );
}

interface CardDeletionProps<T> {
  item: T | null;
  noun: Noun;
  deletion: Deletion<T>;
  listKey: QueryKey;
  onClose: () => void;
}

/** "Delete …?", then the item leaves the list, with the toasts. */
function CardDeletion<T extends { id: string }>({ item, noun, deletion, listKey, onClose }: CardDeletionProps<T>) {
  const queryClient = useQueryClient();
  return (
    <ConfirmDeleteDialog
      item={item}
      title={`Delete ${noun.one}?`}
      describe={deletion.describe}
      remove={deletion.request}
      onDeleted={(deleted) => {
        deletion.forget?.(deleted);
        removeFromList(queryClient, listKey, deleted);
        notify.success(`${capitalized(noun.one)} deleted`, deletion.deleted);
      }}
      onFailed={() => notify.error("Error", `Failed to delete the ${noun.one}. Please try again.`)}
      onClose={onClose}
    />
  );
}

/** After a delete: the item leaves the cached list at once, and the list is read again. */
function removeFromList<T extends { id: string }>(queryClient: QueryClient, queryKey: QueryKey, item: T): void {
  queryClient.setQueryData<T[]>(queryKey, (list) => list?.filter((other) => other.id !== item.id));
  void queryClient.invalidateQueries({ queryKey });
}
