import { useEffect, useId, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import { PAYMENT_FAILED_MESSAGE, QUICK_PURCHASE_AMOUNTS } from "@errand/contract";
import { createPayment } from "../../api/billing";
import { ApiRequestError } from "../../api/http";
import { fieldErrorsFromServer, serverMessageOr } from "../../lib/forms/form-errors";
import { notify } from "../ui/notify";
import { errorProps, FormField } from "../../routes/auth/form-field";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";
import { rememberPendingPayment } from "./pending-payment";
import { parsePurchaseAmount, quickAmountText } from "./purchase-amount";

/** The inline message for a refused payment: the server's field message, or its 400 message. */
function inlineError(error: unknown): string | undefined {
  const field = fieldErrorsFromServer(error).amount;
  if (field) return field;
  return error instanceof ApiRequestError && error.status === 400 ? error.serverMessage : undefined;
}

/** "Buy credits": an amount in dollars, quick amounts, then the card payment provider's checkout. */
export function BuyCreditsForm() {
  const id = useId();
  const inputId = `${id}-amount`;
  const headingId = `${id}-heading`;
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string>();
  const payment = useMutation({
    mutationFn: createPayment,
    onSuccess: ({ sessionUrl, transactionId }) => {
      rememberPendingPayment(transactionId);
      window.location.assign(sessionUrl);
    },
    onError: (failure) => {
      setError(inlineError(failure));
      notify.error("Error", serverMessageOr(failure, PAYMENT_FAILED_MESSAGE));
    },
  });
  // Still "Redirecting..." after success: the browser is on its way to the checkout.
  const redirecting = payment.isPending || payment.isSuccess;

  // Back from the checkout with the browser's Back button, the page is restored as it was left.
  const { reset } = payment;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [reset]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (redirecting) return;
    const result = parsePurchaseAmount(amount);
    if (!result.ok) {
      setError(result.message);
      notify.error("Error", result.message);
      document.getElementById(inputId)?.focus();
      return;
    }
    setError(undefined);
    payment.mutate(result.cents);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} className="text-sm font-semibold">
        Buy credits
      </h3>
      <FormField id={inputId} label="Amount (USD)" error={error}>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground" aria-hidden="true">
            $
          </span>
          <Input
            id={inputId}
            name="amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min={3}
            placeholder="10.00"
            className="pl-7"
            value={amount}
            readOnly={redirecting}
            onChange={(event) => setAmount(event.target.value)}
            {...errorProps(inputId, error)}
          />
        </div>
      </FormField>
      <div role="group" aria-label="Quick amounts" className="grid grid-cols-5 gap-2">
        {QUICK_PURCHASE_AMOUNTS.map((dollars) => {
          const text = quickAmountText(dollars);
          return (
            <Button
              key={dollars}
              variant="outline"
              size="sm"
              className="px-0 aria-pressed:border-primary aria-pressed:bg-accent aria-pressed:text-accent-foreground"
              aria-pressed={amount === text}
              disabled={redirecting}
              onClick={() => {
                setAmount(text);
                setError(undefined);
              }}
            >
              ${dollars}
            </Button>
          );
        })}
      </div>
      <Button type="submit" className="w-full" disabled={redirecting} aria-busy={redirecting}>
        {redirecting ? <Spinner /> : <CreditCard aria-hidden="true" />}
        {redirecting ? "Redirecting..." : "Buy Credits"}
      </Button>
    </form>
  );
}
