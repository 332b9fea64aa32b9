import { useId, type ReactNode } from "react";
import type { ApplicationKey } from "@errand/content/applications";

// Our own simple drawings, evocative of each site's brand; not copies of their logo files.
const WHITE = "#fff";

function XMark() {
  return (
    <>
      <rect width="24" height="24" rx="5" fill="#0f1419" />
      <path d="M7 6.5l10 11" stroke={WHITE} strokeWidth="3.2" />
      <path d="M17 6.5l-10 11" stroke={WHITE} strokeWidth="1.3" />
    </>
  );
}

function YCombinatorMark() {
  return (
    <>
      <rect width="24" height="24" rx="2" fill="#f26522" />
      <path d="M7.5 6l4.5 7.5L16.5 6M12 13.5V18.5" stroke={WHITE} strokeWidth="2.4" />
    </>
  );
}

function HackerNewsMark() {
  return (
    <>
      <rect width="24" height="24" fill="#ff6600" />
      <rect x="2.5" y="2.5" width="19" height="19" stroke={WHITE} />
      <path d="M8.5 7.5l3.5 5 3.5-5M12 12.5V17" stroke={WHITE} strokeWidth="1.5" />
    </>
  );
}

function SuperpagesMark() {
  return (
    <>
      <rect width="24" height="24" rx="4" fill="#ffd200" />
      <path
        d="M12 8C10 6.5 7.5 6.2 5 6.8v10.5c2.5-.6 5-.3 7 1.2 2-1.5 4.5-1.8 7-1.2V6.8c-2.5-.6-5-.3-7 1.2zm0 0v10.5"
        stroke="#1c1917"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </>
  );
}

function ProductHuntMark() {
  return (
    <>
      <circle cx="12" cy="12" r="12" fill="#da552f" />
      <path d="M9.7 17.5v-11h3.6a3.2 3.2 0 010 6.4H9.7" stroke={WHITE} strokeWidth="2.3" strokeLinejoin="round" />
    </>
  );
}

function LinkedInMark() {
  return (
    <>
      <rect width="24" height="24" rx="4" fill="#0a66c2" />
      <rect x="5.5" y="9.5" width="3" height="9" fill={WHITE} />
      <circle cx="7" cy="6.3" r="1.75" fill={WHITE} />
      <path d="M12 18.5v-9m0 4.3c0-2.4 1.3-3.6 3.2-3.6s3.3 1.1 3.3 3.6v5.3" stroke={WHITE} strokeWidth="2.8" />
    </>
  );
}

function GoogleFlightsMark() {
  return (
    <>
      <circle cx="12" cy="12" r="12" fill="#1a73e8" />
      <path
        transform="rotate(45 12 12)"
        fill={WHITE}
        d="M12 5c.7 0 1.1.6 1.1 1.4v3.7l5.4 3.2v1.5l-5.4-1.6v3.2l1.6 1.2v1.2L12 18.3l-2.7.7v-1.2l1.6-1.2v-3.2l-5.4 1.6v-1.5l5.4-3.2V6.4C10.9 5.6 11.3 5 12 5z"
      />
    </>
  );
}

function LovableMark() {
  const id = useId();
  return (
    <>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff4f9a" />
          <stop offset=".5" stopColor="#ff7a2f" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <path d="M12 21s-9-5.3-9-11.3a5 5 0 019-3 5 5 0 019 3C21 15.7 12 21 12 21z" fill={`url(#${id})`} />
    </>
  );
}

/** Every known application except "any-website", which is drawn as the globe. */
export const APPLICATION_MARKS: Record<Exclude<ApplicationKey, "any-website">, () => ReactNode> = {
  x: XMark,
  "y-combinator": YCombinatorMark,
  superpages: SuperpagesMark,
  "product-hunt": ProductHuntMark,
  linkedin: LinkedInMark,
  "google-flights": GoogleFlightsMark,
  "hacker-news": HackerNewsMark,
  lovable: LovableMark,
};
