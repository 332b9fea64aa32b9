import { MarkSvg } from "../../components/brand/marks/mark-svg";

// Our own simple drawings, evocative of each provider's brand; not copies of their logo files.

/** A four-colour "G". */
export function GoogleMark({ className }: { className?: string }) {
  return (
    <MarkSvg className={className}>
      <g strokeWidth="3.2">
        <path d="M12 12h8a8 8 0 0 1-2.34 5.66" stroke="#4285f4" />
        <path d="M17.66 17.66A8 8 0 0 1 5.07 16" stroke="#34a853" />
        <path d="M5.07 16a8 8 0 0 1 0-8" stroke="#fbbc05" />
        <path d="M5.07 8a8 8 0 0 1 12.59-1.66" stroke="#ea4335" />
      </g>
    </MarkSvg>
  );
}

/** A cat's head in a dark disc. */
export function GithubMark({ className }: { className?: string }) {
  return (
    <MarkSvg className={className}>
      <circle cx="12" cy="12" r="11" fill="#1f2328" />
      <path
        d="M7.6 10.4 7.9 6.3l2.5 2.1a7 7 0 0 1 3.2 0l2.5-2.1.3 4.1c.7 1 .9 2.3.4 3.5-.7 1.7-2.4 2.7-4.8 2.7s-4.1-1-4.8-2.7c-.5-1.2-.3-2.5.4-3.5Z"
        fill="#fff"
      />
      <path d="M10.6 16.4v3.4m2.8-3.4v3.4" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
    </MarkSvg>
  );
}
