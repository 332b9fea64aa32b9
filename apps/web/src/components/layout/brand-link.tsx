import { Link } from "react-router";
import { PRODUCT_NAME } from "@errand/contract";

/** The product name: to /dashboard when signed in, else to /. */
export function BrandLink({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  return (
    <Link
      to={signedIn ? "/dashboard" : "/"}
      onClick={onNavigate}
      className="flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight"
    >
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-primary" />
        <path d="M10 9h12v3.2h-8.4v2.6h7.4V18h-7.4v2.8H22V24H10z" fill="#fff" />
      </svg>
      {PRODUCT_NAME}
    </Link>
  );
}
