import type { ReplayShopVariant } from "../types.ts";

/** The replay shop's products (its own small catalog; the big shop's is at /shop). */
export interface ReplayShopProduct {
  id: number;
  name: string;
  /** Baseline price in cents. */
  priceCents: number;
  blurb: string;
}

export const REPLAY_SHOP_PRODUCTS: readonly ReplayShopProduct[] = [
  { id: 1, name: "Desk Lamp", priceCents: 2400, blurb: "A steady arm lamp with a warm LED for late work." },
  { id: 2, name: "Floor Lamp", priceCents: 8900, blurb: "A tall reading lamp with a linen shade." },
  { id: 3, name: "Lamp Shade", priceCents: 1250, blurb: "A drum shade that fits most table lamps." },
  { id: 4, name: "Desk Organizer", priceCents: 1800, blurb: "Trays and slots for pens, notes and cables." },
  { id: 5, name: "Reading Chair", priceCents: 14900, blurb: "A deep chair with a high back and wide arms." },
];

/** Every variant, in the order the docs list them; "baseline" is the default. */
export const REPLAY_SHOP_VARIANTS: readonly ReplayShopVariant[] = ["baseline", "moved-button", "renamed-label", "extra-step", "repriced"];

export function isReplayShopVariant(value: unknown): value is ReplayShopVariant {
  return typeof value === "string" && (REPLAY_SHOP_VARIANTS as readonly string[]).includes(value);
}

/** What "repriced" adds to every price. */
export const REPRICE_CENTS = 150;

/** A product's price in cents as the given variant shows it. */
export function replayShopPriceCents(product: ReplayShopProduct, variant: ReplayShopVariant): number {
  return product.priceCents + (variant === "repriced" ? REPRICE_CENTS : 0);
}

export function findReplayShopProduct(id: number): ReplayShopProduct | undefined {
  return REPLAY_SHOP_PRODUCTS.find((p) => p.id === id);
}

/** Products whose name holds every word of the query (case-insensitive); an empty query matches none. */
export function searchReplayShop(query: string): ReplayShopProduct[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return REPLAY_SHOP_PRODUCTS.filter((p) => words.every((w) => p.name.toLowerCase().includes(w)));
}
