import { Link } from "react-router";
import { SearchX } from "lucide-react";
import { Button } from "../../components/ui/button";
import { PageTitle } from "../../lib/page/page-title";

/**
 * What an unknown automation, category or application shows (the server answers these paths
 * 404): the spec's text as the heading, and the way back to the marketplace.
 */
export function NotFoundNotice({ title, text }: { title: string; text?: string }) {
  return (
    <div className="mx-auto grid w-full max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
      <PageTitle title={title} />
      <meta name="robots" content="noindex" />
      <SearchX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight text-balance">{title}</h1>
      {text ? <p className="text-muted-foreground">{text}</p> : null}
      <Button asChild variant="outline">
        <Link to="/automations">Browse Automations</Link>
      </Button>
    </div>
  );
}
