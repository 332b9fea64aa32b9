import type { ReactNode } from "react";
import { Link } from "react-router";
import { ExternalLink } from "lucide-react";

const isExternal = (href: string) => /^https?:\/\//.test(href);

/**
 * A link for a Button's asChild: a router Link for our own paths; for another site, an anchor
 * that opens a new tab (without handing it our window) and says so to screen readers.
 */
export function ActionLink({ href, children, ...rest }: { href: string; children: ReactNode; className?: string }) {
  if (!isExternal(href)) {
    return (
      <Link to={href} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      <ExternalLink aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
