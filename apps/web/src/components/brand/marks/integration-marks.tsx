import type { ReactNode } from "react";
import type { IntegrationName } from "@errand/contract";

// Our own simple drawings, evocative of each integration; not copies of their logo files.
const WHITE = "#fff";

function ApiMark() {
  return (
    <>
      <rect width="24" height="24" rx="5" fill="#334155" />
      <path
        d="M9.5 6.5c-1.6 0-2.3.6-2.3 2v1.7c0 1.2-.6 1.8-1.7 1.8 1.1 0 1.7.6 1.7 1.8v1.7c0 1.4.7 2 2.3 2m5-11c1.6 0 2.3.6 2.3 2v1.7c0 1.2.6 1.8 1.7 1.8-1.1 0-1.7.6-1.7 1.8v1.7c0 1.4-.7 2-2.3 2"
        stroke={WHITE}
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  );
}

function ZapierMark() {
  return <path d="M12 3v18M3 12h18M5.6 5.6l12.8 12.8m0-12.8L5.6 18.4" stroke="#ff4f00" strokeWidth="3.4" />;
}

function MakeMark() {
  return (
    <>
      <rect width="24" height="24" rx="5" fill="#6d00cc" />
      <path d="M6 17.5l3-11m2 11l3-11m3.5 11v-11" stroke={WHITE} strokeWidth="2.6" strokeLinecap="round" />
    </>
  );
}

function N8nMark() {
  return (
    <g stroke="#ea4b71" strokeWidth="1.8" strokeLinecap="round">
      <circle cx="3.5" cy="12" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="20" cy="6.5" r="2" />
      <circle cx="20" cy="17.5" r="2" />
      <path d="M5.5 12H8m4 0c3 0 3-5.5 6-5.5M12 12c3 0 3 5.5 6 5.5" />
    </g>
  );
}

function McpMark() {
  return (
    <>
      <rect width="24" height="24" rx="5" fill="#18181b" />
      <g stroke={WHITE} strokeWidth="1.8" strokeLinecap="round">
        <circle cx="8.5" cy="15.5" r="3" />
        <circle cx="15.5" cy="8.5" r="3" />
        <path d="M10.6 13.4l2.8-2.8M6.4 17.6L4.5 19.5m13.1-13.1l1.9-1.9" />
      </g>
    </>
  );
}

export const INTEGRATION_MARKS: Record<IntegrationName, () => ReactNode> = {
  api: ApiMark,
  zapier: ZapierMark,
  make: MakeMark,
  n8n: N8nMark,
  mcp: McpMark,
};
