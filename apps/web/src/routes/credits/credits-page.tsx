import { CreditsPanel } from "../../components/credits/credits-panel";
import { PageTitle } from "../../lib/page-title";
import { TransactionHistory } from "./transaction-history";
import { usePaymentReturn } from "./use-payment-return";

/** /credits: the credits panel and the transaction history (spec section 2). */
export function CreditsPage() {
  const refreshing = usePaymentReturn();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="Credits & Transactions" />
      <h1 className="text-3xl font-bold tracking-tight">Credits &amp; Transactions</h1>
      <p className="mt-2 text-muted-foreground">Your balance and the history of your credit purchases.</p>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-3">
        <CreditsPanel refreshing={refreshing} className="min-w-0" />
        <TransactionHistory className="min-w-0 lg:col-span-2" />
      </div>
    </div>
  );
}
