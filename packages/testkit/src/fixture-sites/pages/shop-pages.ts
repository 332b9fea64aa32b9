import { escapeHtml, formatUsd, page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";
import { PRODUCTS_PER_PAGE, findProduct, searchProducts } from "./shop-catalog.ts";
import type { Product } from "./shop-catalog.ts";
import { cartScript } from "./cart-script.ts";

const SHOP_CSS = `
.cart{margin-left:auto;font-weight:600}
.search{display:flex;gap:8px;align-items:end;margin:16px 0}
.search label{margin:0}
.product-list{list-style:none;padding:0;display:grid;grid-template-columns:repeat(2,1fr);gap:12px}
.product-card{border:1px solid #d0d7de;border-radius:8px;padding:12px 16px;display:flex;justify-content:space-between}
.price{font-weight:700;font-size:18px}
.pagination{display:flex;gap:16px;align-items:center;margin:16px 0}
.buy{display:flex;gap:12px;align-items:end;margin:16px 0}
.buy input{min-width:80px;width:80px}
`;

/** The cart follows the shopper across shop pages in one tab. */
const CART_SCRIPT = cartScript("fixture-cart-count", "add-to-cart");

const CART_BADGE = `<span class="cart" id="cart-count" aria-live="polite">Cart: 0 items</span>`;

function shopUrl(query: string, pageNumber: number): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  params.set("page", String(pageNumber));
  return `/shop?${params.toString()}`;
}

function listPage(query: string, requestedPage: number) {
  const matches = searchProducts(query);
  const pages = Math.max(1, Math.ceil(matches.length / PRODUCTS_PER_PAGE));
  const current = Math.min(Math.max(1, requestedPage), pages);
  const start = (current - 1) * PRODUCTS_PER_PAGE;
  const shown = matches.slice(start, start + PRODUCTS_PER_PAGE);
  const forQuery = query ? ` for "${escapeHtml(query)}"` : "";
  const summary =
    matches.length === 0
      ? `No products match "${escapeHtml(query)}".`
      : `Showing ${start + 1}-${start + shown.length} of ${matches.length} products${forQuery}`;
  const cards = shown
    .map(
      (p) =>
        `<li class="product-card" data-sku="${p.sku}"><a href="/shop/product/${p.id}">${escapeHtml(p.name)}</a> <span class="price">${formatUsd(p.priceCents)}</span></li>`,
    )
    .join("\n");
  const previous = current > 1 ? `<a href="${shopUrl(query, current - 1)}" rel="prev">Previous</a>` : "";
  const next = current < pages ? `<a href="${shopUrl(query, current + 1)}" rel="next">Next</a>` : "";
  return page({
    title: current > 1 ? `Shop - Page ${current}` : "Shop",
    headerExtra: CART_BADGE,
    css: SHOP_CSS,
    script: CART_SCRIPT,
    body: `<h1>Shop</h1>
<form class="search" action="/shop" method="get" role="search">
  <div><label for="q">Search products</label><input id="q" name="q" type="search" placeholder="Search products" value="${escapeHtml(query)}"></div>
  <button type="submit">Search</button>
</form>
<p id="result-summary">${summary}</p>
<ul class="product-list">
${cards}
</ul>
<nav class="pagination" aria-label="Pagination">${previous}<span>Page ${current} of ${pages}</span>${next}</nav>`,
  });
}

function productPage(product: Product) {
  const rows: [string, string][] = [
    ["SKU", product.sku],
    ["Category", product.category],
    ["Color", product.color],
    ["Weight", `${product.weightKg} kg`],
    ["In stock", `${product.stock} units`],
    ["Rating", `${product.rating} / 5`],
  ];
  return page({
    title: `${product.name} - Shop`,
    headerExtra: CART_BADGE,
    css: SHOP_CSS,
    script: CART_SCRIPT,
    body: `<p><a href="/shop">Back to shop</a></p>
<article class="product" data-product-id="${product.id}">
<h1>${escapeHtml(product.name)}</h1>
<p class="price" id="price">${formatUsd(product.priceCents)}</p>
<p class="sku" id="sku">${product.sku}</p>
<p>The ${escapeHtml(product.name)} is part of our ${product.category.toLowerCase()} collection. Free shipping on orders over $50.</p>
<div class="buy">
  <div><label for="quantity">Quantity</label><input id="quantity" name="quantity" type="number" min="1" value="1"></div>
  <button type="button" id="add-to-cart" data-name="${escapeHtml(product.name)}">Add to cart</button>
</div>
<p class="status" id="cart-message" role="status"></p>
<h2>Details</h2>
<table class="details">
<tbody>
${rows.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${escapeHtml(v)}</td></tr>`).join("\n")}
</tbody>
</table>
</article>`,
  });
}

export const shopRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/shop",
    handle: (ctx) => listPage(ctx.url.searchParams.get("q") ?? "", Number(ctx.url.searchParams.get("page") ?? "1") || 1),
  },
  {
    method: "GET",
    path: /\/shop\/product\/(\d+)/,
    handle: (ctx) => {
      const product = findProduct(Number(ctx.params[0]));
      if (!product)
        return page({ title: "Product not found", body: `<h1>Product not found</h1><p><a href="/shop">Back to shop</a></p>` }, 404);
      return productPage(product);
    },
  },
];
