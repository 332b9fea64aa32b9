import { Link2Off } from "lucide-react";
import { ApiRequestError } from "../../api/http";
import { ReplayNotFound } from "../../components/demo/replay-page-parts";

/** What a page opened by a share link tells search engines: never index it, never follow it. */
export const NO_INDEX = <meta name="robots" content="noindex, nofollow" />;

/** True when a share link's token is missing, unknown or revoked (the API answers 404). */
export function isUnknownLink(token: string, query: { isError: boolean; error: unknown }): boolean {
  return !token || (query.isError && query.error instanceof ApiRequestError && query.error.status === 404);
}

/** The page of a share link that is unknown or revoked: it says so, and is never indexed. */
export function SharedLinkNotFound({ title, message }: { title: string; message: string }) {
  return (
    <ReplayNotFound title={title} icon={Link2Off}>
      {NO_INDEX}
      <p className="text-muted-foreground">{message}</p>
    </ReplayNotFound>
  );
}
