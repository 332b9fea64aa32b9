import { useQuery } from "@tanstack/react-query";
import { siteConfigQueryOptions } from "../../api/site-config";
import { AppPage } from "../../components/layout/app-page";
import { CreditsPanel } from "../../components/credits/credits-panel";
import { PageTitle } from "../../lib/page/page-title";
import { SpendingLimitCard } from "./spending-limit-card";
import { TransactionHistory } from "./transaction-history";
import { UsageHistory } from "./usage-history";
import { usePaymentReturn } from "./use-payment-return";

/** /credits: the credits panel, the monthly spending limit, the transaction history (spec section 2) and what runs used. */
export function CreditsPage() {
  const refreshing = usePaymentReturn();
  const config = useQuery(siteConfigQueryOptions);
  // With billing off nothing is ever charged: there is no usage to show.
  const billing = config.data?.billing !== false;
  return (
    <AppPage>
      <PageTitle title="Credits & Transactions" />
      <h1 className="text-3xl font-bold tracking-tight">Credits &amp; Transactions</h1>
      <p className="mt-2 text-muted-foreground">Your balance, your credit purchases and what your runs were charged.</p>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
        <CreditsPanel refreshing={refreshing} className="min-w-0" />
        <div className="grid min-w-0 gap-6 lg:col-span-2">
          <SpendingLimitCard className="min-w-0" />
          <TransactionHistory className="min-w-0" />
          {billing ? <UsageHistory className="min-w-0" /> : null}
        </div>
      </div>
    </AppPage>
  );
}
