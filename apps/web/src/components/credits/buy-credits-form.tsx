import { useEffect, useId, useState, type ComponentProps } from "react";
import { CreditCard } from "lucide-react";
import { PAYMENT_FAILED_MESSAGE, QUICK_PURCHASE_AMOUNTS } from "@errand/contract";
import { createPayment } from "../../api/billing";
import { ApiRequestError } from "../../api/http";
import { fieldErrorsFromServer } from "../../lib/forms/form-errors";
import { BusyButton } from "../ui/busy-button";
import { Form } from "../ui/form";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { notify } from "../ui/notify";
import { PressedChoice } from "../ui/pressed-choice";
import { useSubmit } from "../ui/use-submit";
import { rememberPendingPayment } from "./pending-payment";
import { parsePurchaseAmount, quickAmountText } from "./purchase-amount";

/** The inline message for a refused payment: the server's field message, or its 400 message. */
function inlineError(error: unknown): string | undefined {
  const field = fieldErrorsFromServer(error).amount;
  if (field) return field;
  return error instanceof ApiRequestError && error.status === 400 ? error.serverMessage : undefined;
}

/** Starts the card payment provider's checkout; the browser then leaves for it. */
function usePayment() {
  const payment = useSubmit({
    action: (cents: number) => createPayment(cents),
    onSuccess: ({ sessionUrl, transactionId }) => {
      rememberPendingPayment(transactionId);
      window.location.assign(sessionUrl);
    },
    failure: { message: PAYMENT_FAILED_MESSAGE, apiMessage: true },
    fields: (error) => ({ amount: inlineError(error) }),
  });
  // Back from the checkout with the browser's Back button, the page is restored as it was left.
  const { reset } = payment;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [reset]);
  return payment;
}

/** "Buy credits": an amount in dollars, quick amounts, then the card payment provider's checkout. */
export function BuyCreditsForm() {
  const id = useId();
  const headingId = `${id}-heading`;
  const [amount, setAmount] = useState("");
  const payment = usePayment();
  // Still "Redirecting..." after success: the browser is on its way to the checkout.
  const redirecting = payment.busy || payment.succeeded;

  function submit() {
    if (redirecting) return;
    const result = parsePurchaseAmount(amount);
    if (result.ok) return payment.run(result.cents);
    payment.invalid({ amount: result.message });
    notify.error("Error", result.message);
  }

  return (
    <Form submit={payment} onSubmit={submit} aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId} className="text-sm font-semibold">
        Buy credits
      </h3>
      <FormField id={`${id}-amount`} label="Amount (USD)" error={payment.errors.amount}>
        <DollarInput value={amount} readOnly={redirecting} onChange={(event) => setAmount(event.target.value)} />
      </FormField>
      <PressedChoice
        label="Quick amounts"
        choices={QUICK_PURCHASE_AMOUNTS}
        pressed={(dollars) => amount === quickAmountText(dollars)}
        onChoose={(dollars) => {
          setAmount(quickAmountText(dollars));
          payment.reset();
        }}
        text={(dollars) => `$${dollars}`}
        disabled={redirecting}
        className="grid grid-cols-5 gap-2"
        buttonClassName="px-0"
      />
      <BusyButton type="submit" className="w-full" busy={redirecting} icon={<CreditCard aria-hidden="true" />} busyLabel="Redirecting...">
        Buy Credits
      </BusyButton>
    </Form>
  );
}

/** The amount in dollars, with a $ before it. */
function DollarInput(props: ComponentProps<"input">) {
  return (
    <div className="relative">
      <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground" aria-hidden="true">
        $
      </span>
      <Input name="amount" type="number" inputMode="decimal" step="0.01" min={3} placeholder="10.00" className="pl-7" {...props} />
    </div>
  );
}
