/* global document */
// Runs inside the page. Evaluated as an expression, it yields a function that reads the
// product facts a page declares in its markup (JSON-LD, schema.org microdata, Open Graph
// product meta tags, the item number of add-to-cart forms): name, sku, gtin, mpn, brand, price,
// currency, availability.
// Returns at most 3 products and the number found.
(function () {
  function str(v) {
    if (v === null || v === undefined) return "";
    if (Array.isArray(v)) return str(v[0]);
    if (typeof v === "object") return str(v.name || v["@id"] || "");
    return String(v).replace(/\s+/g, " ").trim().slice(0, 120);
  }
  function types(o) {
    var t = o && o["@type"];
    return (Array.isArray(t) ? t : [t]).map(function (x) {
      return String(x || "").replace(/^.*[/#]/, "");
    });
  }
  function fromOffer(p, offer) {
    if (!offer) return;
    if (Array.isArray(offer)) return fromOffer(p, offer[0]);
    if (typeof offer !== "object") return;
    p.price = p.price || str(offer.price || offer.lowPrice || (offer.priceSpecification && offer.priceSpecification.price));
    p.currency = p.currency || str(offer.priceCurrency || (offer.priceSpecification && offer.priceSpecification.priceCurrency));
    p.availability = p.availability || str(offer.availability).replace(/^.*[/#]/, "");
    if (!p.sku && offer.sku) p.sku = str(offer.sku);
    if (offer.offers) fromOffer(p, offer.offers);
  }
  var ID_INPUTS = ["ASIN", "asin", "product_id", "products_id", "productId", "productCode", "pid", "sku", "item_id"]
    .map(function (n) {
      return 'input[type=hidden][name="' + n + '"]';
    })
    .join(",");
  return function pageFacts() {
    var products = [];
    var seen = 0;
    function add(p) {
      seen++;
      if (products.length < 3 && (p.name || p.sku || p.price || p.itemId)) products.push(p);
    }
    function visit(o, depth) {
      if (!o || typeof o !== "object" || depth > 6) return;
      if (Array.isArray(o))
        return o.forEach(function (x) {
          visit(x, depth + 1);
        });
      var t = types(o);
      if (t.indexOf("Product") >= 0 || t.indexOf("ProductGroup") >= 0 || t.indexOf("IndividualProduct") >= 0) {
        var p = {
          name: str(o.name),
          sku: str(o.sku || o.productID),
          gtin: str(o.gtin13 || o.gtin || o.gtin12 || o.gtin14 || o.gtin8),
          mpn: str(o.mpn),
          brand: str(o.brand),
        };
        fromOffer(p, o.offers);
        add(p);
        if (o.hasVariant) visit(o.hasVariant, depth + 1);
        return;
      }
      Object.keys(o).forEach(function (k) {
        if (k !== "@context") visit(o[k], depth + 1);
      });
    }
    var scripts = document.querySelectorAll('script[type="application/ld+json"]');
    for (var i = 0; i < scripts.length; i++) {
      try {
        visit(JSON.parse(scripts[i].textContent || ""), 0);
      } catch {
        /* malformed JSON-LD */
      }
    }
    // Microdata: properties of each Product scope (not of scopes nested in it).
    function propOf(scope, name) {
      var els = scope.querySelectorAll('[itemprop~="' + name + '" i]');
      for (var k = 0; k < els.length; k++) {
        var el = els[k];
        if (el.parentElement && el.parentElement.closest("[itemscope]") !== scope && el.closest("[itemscope]") !== el) continue;
        var v = el.getAttribute("content") || (el.tagName === "LINK" ? el.getAttribute("href") : el.textContent);
        if (v && String(v).trim()) return str(v);
      }
      return "";
    }
    function micro(scope) {
      var p = {
        name: propOf(scope, "name"),
        sku: propOf(scope, "sku") || propOf(scope, "productID"),
        gtin: propOf(scope, "gtin13") || propOf(scope, "gtin") || propOf(scope, "gtin12") || propOf(scope, "gtin8"),
        mpn: propOf(scope, "mpn"),
        brand: propOf(scope, "brand"),
        price: propOf(scope, "price") || propOf(scope, "lowPrice"),
        currency: propOf(scope, "priceCurrency"),
        availability: propOf(scope, "availability").replace(/^.*[/#]/, ""),
      };
      // The price usually sits in the product's own Offer scope (itemprop="offers" itemscope).
      var offers = scope === document ? [] : scope.querySelectorAll('[itemprop~="offers" i][itemscope]');
      for (var o = 0; o < offers.length && !p.price; o++) {
        var offer = offers[o];
        if (offer.parentElement && offer.parentElement.closest("[itemscope]") !== scope) continue;
        p.price = propOf(offer, "price") || propOf(offer, "lowPrice");
        p.currency = p.currency || propOf(offer, "priceCurrency");
        p.availability = p.availability || propOf(offer, "availability").replace(/^.*[/#]/, "");
        p.sku = p.sku || propOf(offer, "sku");
      }
      return p;
    }
    // The item number shops keep in their add-to-cart forms or on the product's container.
    function itemId() {
      var input = document.querySelector(ID_INPUTS);
      if (input && input.value) return str(input.value);
      var el = document.querySelector("[data-detailpageasin],[data-product-sku]");
      return el ? str(el.getAttribute("data-detailpageasin") || el.getAttribute("data-product-sku")) : "";
    }
    var scopes = document.querySelectorAll('[itemscope][itemtype*="Product"]');
    var fromMicro = [];
    for (var j = 0; j < scopes.length; j++) fromMicro.push(micro(scopes[j]));
    var meta = function (n) {
      var el = document.querySelector('meta[property="' + n + '"],meta[name="' + n + '"]');
      return el ? str(el.getAttribute("content")) : "";
    };
    // The page as a whole: stray itemprops and product meta tags.
    var page = micro(document);
    page.name = page.name || meta("og:title");
    page.sku = page.sku || meta("product:retailer_item_id") || meta("product:sku");
    page.itemId = page.sku ? "" : itemId();
    page.price = page.price || meta("product:price:amount") || meta("og:price:amount");
    page.currency = page.currency || meta("product:price:currency") || meta("og:price:currency");
    page.availability = page.availability || meta("product:availability");
    if (!products.length) fromMicro.forEach(add);
    if (!products.length && (page.sku || page.price || page.itemId)) add(page);
    // Fill what the main product lacks from the other sources.
    var main = products[0];
    if (main) {
      [fromMicro[0] || {}, page].forEach(function (src) {
        Object.keys(src).forEach(function (k) {
          if (!main[k] && src[k]) main[k] = src[k];
        });
      });
      // Another price declared for it elsewhere in the markup (an auction's starting price in its
      // JSON-LD, the current bid in its meta tags; a list price and a sale price): both are shown,
      // and the page's own text tells which is which.
      [fromMicro[0] || {}, page].forEach(function (src) {
        if (!main.otherPrice && src.price && amount(src.price) !== amount(main.price)) main.otherPrice = src.price;
      });
    }
    return { products: products, total: seen };
  };
  /** A declared price's digits, zero cents and grouping left out: "150.00" and "150" are one amount. */
  function amount(v) {
    return String(v || "")
      .replace(/[.,]0{1,2}$/, "")
      .replace(/\D/g, "")
      .replace(/^0+/, "");
  }
})();
