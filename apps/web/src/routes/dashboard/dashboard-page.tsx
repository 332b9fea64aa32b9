import { PRODUCT_NAME } from "@errand/contract";
import { CreditsSummaryCard } from "./credits-summary-card";

/** /dashboard. Task creation and recent tasks arrive in later issues. */
export function DashboardPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{`${PRODUCT_NAME} Dashboard`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      <div className="mt-6">
        <CreditsSummaryCard />
      </div>
    </div>
  );
}
