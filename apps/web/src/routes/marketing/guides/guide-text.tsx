import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** A guide's text with its [words](/path) links: ours through the router, another site's in a new tab. */
export function GuideText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, words = "", href = ""] = match;
    parts.push(text.slice(last, match.index));
    parts.push(
      href.startsWith("/") ? (
        <Link key={match.index} to={href} className="text-primary underline-offset-4 hover:underline">
          {words}
        </Link>
      ) : (
        <a
          key={match.index}
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-primary underline-offset-4 hover:underline"
        >
          {words}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ),
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        // The pieces of one text never reorder.
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
