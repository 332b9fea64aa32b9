import { escapeHtml, formatUsd, page, redirect, text } from "../html-layout.ts";
import type { FixtureResponse, FixtureRoute, ReplayShopVariant } from "../types.ts";
import {
  REPLAY_SHOP_VARIANTS,
  findReplayShopProduct,
  isReplayShopVariant,
  replayShopPriceCents,
  searchReplayShop,
} from "./replay-shop-catalog.ts";
import type { ReplayShopProduct } from "./replay-shop-catalog.ts";
import { cartScript } from "./cart-script.ts";

/**
 * A small shop that changes between runs, for recording and replay (docs/adr/0009-record-and-replay.md): the same 6-step
 * task (search, open a product, set a quantity, add to cart, answer) works on every variant, but
 * a recorded CSS path, label or page sequence may not. The variant is per FixtureSites instance.
 */

const CSS = `
.cart{margin-left:auto;font-weight:600}
.search{display:flex;gap:8px;align-items:end;margin:16px 0}
.search label{margin:0}
.results{list-style:none;padding:0}
.results li{display:flex;justify-content:space-between;max-width:420px;padding:8px 0;border-bottom:1px solid #d0d7de}
.price{font-weight:700;font-size:18px}
.buy{display:flex;gap:12px;align-items:end;margin:16px 0}
.buy input{min-width:80px;width:80px}
.quick-buy{margin:8px 0 0}
.cta{background:#0969da;border-color:#0969da}
`;

const CART_KEY = "replay-shop-cart-count";
const CART_BADGE = `<span class="cart" id="cart-count" aria-live="polite">Cart: 0 items</span>`;

/** The cart of the replay shop; `buttonId` is the variant's add button. */
const replayCartScript = (buttonId?: string) => cartScript(CART_KEY, buttonId ?? "");

function shopPage(title: string, body: string, buttonId?: string, status = 200): FixtureResponse {
  return page({ title, headerExtra: CART_BADGE, css: CSS, script: replayCartScript(buttonId), body }, status);
}

const BACK = `<p><a href="/replay-shop">Back to Replay Shop</a></p>`;

function homePage(): FixtureResponse {
  return shopPage(
    "Replay Shop",
    `<h1>Replay Shop</h1>
<p>Lamps, shades and a few things for the desk.</p>
<form class="search" action="/replay-shop/search" method="get" role="search">
  <div><label for="q">Search products</label><input id="q" name="q" type="search" placeholder="Search products"></div>
  <button type="submit">Search</button>
</form>`,
  );
}

function resultsPage(query: string, variant: ReplayShopVariant): FixtureResponse {
  const matches = searchReplayShop(query);
  const productHref = (p: ReplayShopProduct) => `/replay-shop/product/${p.id}${variant === "extra-step" ? "/notice" : ""}`;
  const list =
    matches.length === 0
      ? `<p id="no-results">No products match "${escapeHtml(query)}".</p>`
      : `<ul class="results">
${matches.map((p) => `<li><a href="${productHref(p)}">${escapeHtml(p.name)}</a> <span class="price">${formatUsd(replayShopPriceCents(p, variant))}</span></li>`).join("\n")}
</ul>`;
  return shopPage(`Results for "${query}" - Replay Shop`, `${BACK}\n<h1>Results for "${escapeHtml(query)}"</h1>\n${list}`);
}

function quantityField(label: string): string {
  return `<div><label for="quantity">${label}</label><input id="quantity" name="quantity" type="number" min="1" value="1"></div>`;
}

/** The buy controls of each variant: where the add button sits, what it and the quantity field are called. */
function buyControls(product: ReplayShopProduct, variant: ReplayShopVariant): { markup: string; buttonId: string } {
  const name = escapeHtml(product.name);
  if (variant === "moved-button") {
    // Another container, before the quantity field, other id and classes; same accessible name.
    const buttonId = "basket-action-primary";
    return {
      buttonId,
      markup: `<section class="quick-buy" id="quick-buy">
  <button type="button" id="${buttonId}" class="cta cta--primary" data-name="${name}">Add to cart</button>
</section>
<div class="buy">
  ${quantityField("Quantity")}
</div>`,
    };
  }
  const renamed = variant === "renamed-label";
  const buttonId = renamed ? "add-to-basket" : "add-to-cart";
  return {
    buttonId,
    markup: `<div class="buy">
  ${quantityField(renamed ? "Amount" : "Quantity")}
  <button type="button" id="${buttonId}" data-name="${name}">${renamed ? "Add to basket" : "Add to cart"}</button>
</div>`,
  };
}

function productPage(product: ReplayShopProduct, variant: ReplayShopVariant): FixtureResponse {
  const { markup, buttonId } = buyControls(product, variant);
  return shopPage(
    `${product.name} - Replay Shop`,
    `${BACK}
<article class="product" data-product-id="${product.id}">
<h1>${escapeHtml(product.name)}</h1>
<p class="price" id="price">${formatUsd(replayShopPriceCents(product, variant))}</p>
<p>${escapeHtml(product.blurb)}</p>
${markup}
<p class="status" id="cart-message" role="status"></p>
</article>`,
    buttonId,
  );
}

/** The "extra-step" interstitial: Continue posts back here and is redirected to the product. */
function noticePage(product: ReplayShopProduct): FixtureResponse {
  return shopPage(
    `Before you continue - Replay Shop`,
    `<h1>Before you continue</h1>
<p>Prices changed this week. ${escapeHtml(product.name)} ships in 2 to 3 days.</p>
<form method="post" action="/replay-shop/product/${product.id}/notice">
  <button type="submit">Continue</button>
</form>`,
  );
}

function notFound(): FixtureResponse {
  return shopPage("Product not found - Replay Shop", `<h1>Product not found</h1>\n${BACK}`, undefined, 404);
}

function withProduct(id: string | undefined, render: (product: ReplayShopProduct) => FixtureResponse): FixtureResponse {
  const product = findReplayShopProduct(Number(id));
  return product ? render(product) : notFound();
}

export const replayShopRoutes: FixtureRoute[] = [
  { method: "GET", path: "/replay-shop", handle: () => homePage() },
  {
    method: "GET",
    path: "/replay-shop/search",
    handle: (ctx) => resultsPage((ctx.url.searchParams.get("q") ?? "").trim(), ctx.state.replayShopVariant),
  },
  {
    method: "GET",
    path: /\/replay-shop\/product\/(\d+)/,
    handle: (ctx) => withProduct(ctx.params[0], (p) => productPage(p, ctx.state.replayShopVariant)),
  },
  { method: "GET", path: /\/replay-shop\/product\/(\d+)\/notice/, handle: (ctx) => withProduct(ctx.params[0], noticePage) },
  {
    method: "POST",
    path: /\/replay-shop\/product\/(\d+)\/notice/,
    handle: (ctx) => withProduct(ctx.params[0], (p) => redirect(`/replay-shop/product/${p.id}`, 303)),
  },
  { method: "GET", path: "/replay-shop/__variant", handle: (ctx) => text(ctx.state.replayShopVariant) },
  {
    method: "POST",
    path: "/replay-shop/__variant",
    handle: (ctx) => {
      // Any body that reads as a form: tests may post without a content type.
      const variant = (ctx.form.get("variant") ?? new URLSearchParams(ctx.body).get("variant") ?? "").trim();
      if (!isReplayShopVariant(variant)) {
        return text(`Unknown replay shop variant ${JSON.stringify(variant)}; use one of: ${REPLAY_SHOP_VARIANTS.join(", ")}.`, 400);
      }
      ctx.state.replayShopVariant = variant;
      return { status: 204 };
    },
  },
];
