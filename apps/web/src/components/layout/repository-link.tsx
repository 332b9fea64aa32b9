import { GitFork } from "lucide-react";
import { cn } from "../ui/cn";
import { REPOSITORY_LINK } from "./nav-links";

/** The public source repository, opened in a new tab. */
export function RepositoryLink({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  return (
    <a
      href={REPOSITORY_LINK.href}
      target="_blank"
      rel="noreferrer"
      aria-label={showLabel ? undefined : REPOSITORY_LINK.label}
      className={cn("inline-flex items-center gap-2 rounded-md text-muted-foreground hover:text-foreground", className)}
    >
      <GitFork className="size-5" aria-hidden="true" />
      {showLabel ? REPOSITORY_LINK.label : null}
    </a>
  );
}
