import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { formatCreditsAsDollars, QUICK_PURCHASE_AMOUNTS } from "@errand/contract";
import { accountQueryOptions } from "../../api/account";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { notify } from "../../lib/notify";

/** Free prompts and credits of the signed-in account (GET /api/v1/account), and the buy controls. */
export function CreditsSummaryCard() {
  const { data: account, isError, errorUpdatedAt, refetch, isFetching } = useQuery(accountQueryOptions);

  useEffect(() => {
    if (isError) notify.error("Error", "Failed to fetch user data.");
  }, [isError, errorUpdatedAt]);

  return (
    <Card className="w-full">
      <CardHeader className="pb-4">
        <CardTitle className="text-lg">Credits</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {account ? (
          <dl className="grid gap-2 text-sm">
            <div>
              <dt className="inline text-muted-foreground">Free prompts: </dt>
              <dd className="inline font-semibold">{account.balance.freePrompts}</dd>
            </div>
            <div>
              <dt className="inline text-muted-foreground">Credits: </dt>
              <dd className="inline font-semibold">{formatCreditsAsDollars(account.balance.credits)}</dd>
            </div>
          </dl>
        ) : isError ? (
          <div className="grid justify-items-start gap-2 text-sm text-muted-foreground">
            <p>Your balance is unavailable right now.</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="grid gap-3" aria-label="Loading credits" role="status">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-4 w-28" />
          </div>
        )}
        <div className="grid gap-2 border-t pt-4">
          <p className="text-sm font-medium">Buy credits</p>
          <div className="flex flex-wrap gap-2" aria-describedby="purchases-unavailable">
            {QUICK_PURCHASE_AMOUNTS.map((amount) => (
              <Button key={amount} variant="outline" size="sm" disabled>
                ${amount}
              </Button>
            ))}
          </div>
          <p id="purchases-unavailable" className="text-xs text-muted-foreground">
            Purchases are not available yet. New accounts start with free prompts.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
