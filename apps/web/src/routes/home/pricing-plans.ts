import { CREDIT_UNITS_PER_DOLLAR, FREE_PROMPTS_AT_SIGNUP, MIN_PURCHASE_DOLLARS, PRICE_PER_SECOND_UNITS } from "@errand/contract";

/** Dollars per second of execution, from the credit constants: "0.0023". */
export const PRICE_PER_SECOND_DOLLARS = (PRICE_PER_SECOND_UNITS / CREDIT_UNITS_PER_DOLLAR).toLocaleString("en-US", {
  maximumFractionDigits: 6,
});

export interface PricingPlan {
  name: string;
  /** Shown before the price, e.g. "from"; empty for none. */
  pricePrefix: string;
  price: string;
  priceNote: string;
  features: readonly string[];
  notes: readonly string[];
  cta: { label: string; to: string };
  highlighted: boolean;
}

/** The three plans of spec section 9, with every figure and feature it lists. */
export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    name: "Free trial",
    pricePrefix: "",
    price: "$0",
    priceNote: `${FREE_PROMPTS_AT_SIGNUP} free prompts`,
    features: ["Basic automation", "Standard speed", "Community support"],
    notes: [],
    cta: { label: "Start Free Trial", to: "/signup" },
    highlighted: false,
  },
  {
    name: "Pay-as-you-go",
    pricePrefix: "from",
    price: `$${PRICE_PER_SECOND_DOLLARS}`,
    priceNote: "per second of execution",
    features: ["Advanced automation", "Priority execution", "Email support", "API access"],
    notes: [
      "Credits are deducted after execution ends",
      "Credits do not expire while the account is active",
      "No subscription",
      `Minimum purchase $${MIN_PURCHASE_DOLLARS}`,
      "1 credit per dollar",
    ],
    cta: { label: "Get Started", to: "/signup" },
    highlighted: true,
  },
  {
    name: "Enterprise",
    pricePrefix: "",
    price: "Custom",
    priceNote: "tailored to your team",
    features: [
      "Volume discounts",
      "Dedicated infrastructure",
      "Custom integrations",
      "Unlimited storage",
      "24/7 support",
      "Custom SLA",
      "Dedicated account manager",
    ],
    notes: [],
    cta: { label: "Contact Sales", to: "/contact" },
    highlighted: false,
  },
];

/** The FAQ-style lines under the plans (spec section 9). */
export const PRICING_FAQ: readonly string[] = [
  "The plan can be changed, and remaining credits transfer.",
  "Payment is by major cards and PayPal through a card payment provider.",
];
