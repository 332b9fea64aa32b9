import { escapeHtml, page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/** [name, city, revenue in dollars]; highest is Helios Energy ($305,480), lowest Tundra Logistics ($23,750). */
export const CUSTOMER_ROWS: [string, string, number][] = [
  ["Acme Corporation", "Berlin", 182400],
  ["Blue Harbor Ltd", "Lisbon", 96150],
  ["Copperleaf Inc", "Toronto", 241900],
  ["Delta Freight", "Rotterdam", 73020],
  ["Evergreen Foods", "Portland", 158730],
  ["Foxglove Studio", "Dublin", 41600],
  ["Granite Works", "Denver", 119250],
  ["Helios Energy", "Madrid", 305480],
  ["Ironbridge Tools", "Manchester", 88900],
  ["Juniper Health", "Oslo", 134075],
  ["Kite Robotics", "Seoul", 212340],
  ["Lantern Media", "Austin", 57810],
  ["Maple & Co", "Montreal", 99999],
  ["Northwind Traders", "Seattle", 176220],
  ["Orchid Textiles", "Mumbai", 64300],
  ["Pinnacle Labs", "Zurich", 287150],
  ["Quarry Outdoor", "Denver", 45500],
  ["Riverstone Bank", "Singapore", 268040],
  ["Saffron Kitchens", "London", 110860],
  ["Tundra Logistics", "Helsinki", 23750],
];

export function formatRevenue(dollars: number): string {
  return `$${String(dollars).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

export const tableRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/table",
    handle: () =>
      page({
        title: "Customer table",
        body: `<h1>Customers</h1>
<table id="customers">
<caption>Top customers by revenue (2025)</caption>
<thead><tr><th scope="col">Name</th><th scope="col">City</th><th scope="col">Revenue</th></tr></thead>
<tbody>
${CUSTOMER_ROWS.map(([name, city, revenue]) => `<tr><td>${escapeHtml(name)}</td><td>${city}</td><td>${formatRevenue(revenue)}</td></tr>`).join("\n")}
</tbody>
</table>`,
      }),
  },
];
