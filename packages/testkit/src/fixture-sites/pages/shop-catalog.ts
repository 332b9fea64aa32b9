/** The shop's products: deterministic, ids 1001..1036, SKU "SKU-<id>", price in cents. */
export interface Product {
  id: number;
  sku: string;
  name: string;
  priceCents: number;
  category: string;
  color: string;
  weightKg: string;
  stock: number;
  rating: string;
}

const ROWS: [string, number, string][] = [
  ["Aurora Desk Lamp", 4900, "Lighting"],
  ["Basalt Coffee Grinder", 8950, "Kitchen"],
  ["Cedar Cutting Board", 3499, "Kitchen"],
  ["Drift Wireless Earbuds", 12900, "Audio"],
  ["Ember Cast Iron Skillet", 5995, "Kitchen"],
  ["Fjord Rain Jacket", 17900, "Apparel"],
  ["Granite Laptop Pro 14", 129900, "Computers"],
  ["Harbor Canvas Backpack", 7400, "Bags"],
  ["Indigo Denim Jacket", 9800, "Apparel"],
  ["Juniper Scented Candle", 1850, "Home"],
  ["Kestrel Trail Running Shoes", 13999, "Footwear"],
  ["Lumen Smart Bulb 4-Pack", 3999, "Lighting"],
  ["Meadow Linen Sheets", 14900, "Home"],
  ["Nimbus Memory Foam Pillow", 4500, "Home"],
  ["Orbit Bluetooth Speaker", 6900, "Audio"],
  ["Pebble Ceramic Mug", 1400, "Kitchen"],
  ["Quartz Mechanical Keyboard", 11900, "Computers"],
  ["Ridge Hiking Boots", 18900, "Footwear"],
  ["Summit 4K Monitor 27-inch", 42900, "Computers"],
  ["Tidal Water Bottle", 2400, "Outdoors"],
  ["Umber Leather Wallet", 5500, "Bags"],
  ["Vista Noise-Cancelling Headphones", 29900, "Audio"],
  ["Willow Reading Chair", 54900, "Furniture"],
  ["Xenon Camping Lantern", 4200, "Outdoors"],
  ["Yarrow Herbal Tea Set", 2750, "Kitchen"],
  ["Zephyr Desk Fan", 6499, "Home"],
  ["Alpine Wool Socks", 1900, "Apparel"],
  ["Beacon Headlamp", 2999, "Outdoors"],
  ["Cobalt Standing Desk", 69900, "Furniture"],
  ["Dune Beach Towel", 3200, "Home"],
  ["Echo Smart Watch", 24900, "Wearables"],
  ["Flint Pocket Knife", 4800, "Outdoors"],
  ["Glacier Insulated Tumbler", 2900, "Kitchen"],
  ["Hollow Oak Bookshelf", 25900, "Furniture"],
  ["Iris Silk Scarf", 6800, "Apparel"],
  ["Jasper Yoga Mat", 3800, "Fitness"],
];

const COLORS = ["Black", "White", "Slate Grey", "Forest Green", "Navy Blue", "Sand", "Crimson"];

export const PRODUCTS: Product[] = ROWS.map(([name, priceCents, category], i) => {
  const id = 1001 + i;
  return {
    id,
    sku: `SKU-${id}`,
    name,
    priceCents,
    category,
    color: COLORS[i % COLORS.length] ?? "Black",
    weightKg: (0.2 + ((i * 37) % 50) / 10).toFixed(1),
    stock: ((i * 13) % 40) + 3,
    rating: (3.5 + ((i * 7) % 15) / 10).toFixed(1),
  };
});

export const PRODUCTS_PER_PAGE = 10;

export function findProduct(id: number): Product | undefined {
  return PRODUCTS.find((p) => p.id === id);
}

/** Products whose name contains `query` (case-insensitive); all when the query is blank. */
export function searchProducts(query: string): Product[] {
  const needle = query.trim().toLowerCase();
  return needle ? PRODUCTS.filter((p) => p.name.toLowerCase().includes(needle)) : PRODUCTS;
}
