import { createHash } from "node:crypto";
import { escapeHtml, page } from "../html-layout.ts";
import type { FixtureRoute, RouteContext } from "../types.ts";

// File upload and downloads (docs/adr/0011-files-for-runs.md). The upload form has a plain file field and a styled
// "Choose photos" button over a hidden one; the server reads the multipart body and the page
// shows what it received (name, size, SHA-256), so a test checks the site's own outcome. The
// fixture server hands routes the body as UTF-8 text: upload text files, whose bytes survive it.
// The downloads page offers a CSV sent as an attachment (in this tab and in a new one), a file
// made in the page (a Blob with a.download) and a large archive (size by ?kb=, default 200).

/** The CSV the downloads page sends, exactly. */
const DOWNLOAD_CSV = "sku,name,price\nSKU-1001,Aurora Desk Lamp,49.00\nSKU-1002,Nimbus Chair,129.00\n";
/** The JSON the export button makes in the page, exactly. */
const DOWNLOAD_EXPORT_JSON = '{"orders":[{"id":7,"total":49}]}';

const UPLOAD_SCRIPT = `
(function(){
  var photos = document.getElementById("photos");
  document.getElementById("choose-photos").addEventListener("click", function(){ photos.click(); });
  photos.addEventListener("change", function(){
    var names = Array.prototype.map.call(photos.files, function(f){ return f.name; });
    document.getElementById("photo-names").textContent = names.length ? names.join(", ") : "No photos chosen";
  });
})();
`;

const DOWNLOADS_SCRIPT = `
document.getElementById("export").addEventListener("click", function(){
  var blob = new Blob([${JSON.stringify(DOWNLOAD_EXPORT_JSON)}], { type: "application/json" });
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "export.json";
  document.body.appendChild(a);
  a.click();
  a.remove();
  document.getElementById("exported").textContent = "Export ready";
});
`;

interface Part {
  field: string;
  filename: string;
  content: string;
}

/** The file parts of a multipart/form-data body. */
function fileParts(ctx: RouteContext): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(ctx.headers["content-type"] ?? "");
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return [];
  const parts: Part[] = [];
  for (const chunk of ctx.body.split(`--${marker}`).slice(1)) {
    const split = chunk.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const head = chunk.slice(0, split);
    const field = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    if (field === undefined || !filename) continue;
    parts.push({ field, filename, content: chunk.slice(split + 4).replace(/\r\n$/, "") });
  }
  return parts;
}

const sha256 = (text: string) => createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");

export const toolsFilesRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/tools/files/upload",
    handle: () =>
      page({
        title: "Expense claim",
        script: UPLOAD_SCRIPT,
        css: ".picker{display:flex;gap:12px;align-items:center}",
        body: `<h1>Expense claim</h1>
<form method="post" action="/tools/files/upload" enctype="multipart/form-data">
<label for="invoice">Invoice</label>
<input type="file" id="invoice" name="invoice">
<label>Photos of the receipts</label>
<div class="picker"><button type="button" id="choose-photos">Choose photos</button><span id="photo-names">No photos chosen</span></div>
<input type="file" id="photos" name="photos" multiple hidden>
<p><button type="submit">Send claim</button></p>
</form>`,
      }),
  },
  {
    method: "POST",
    path: "/tools/files/upload",
    handle: (ctx) => {
      const parts = fileParts(ctx);
      const rows = parts
        .map(
          (p) =>
            `<tr><td>${escapeHtml(p.field)}</td><td>${escapeHtml(p.filename)}</td><td>${Buffer.byteLength(p.content, "utf8")}</td><td>${sha256(p.content)}</td></tr>`,
        )
        .join("");
      return page({
        title: "Claim received",
        body: `<h1>Claim received</h1>
<p class="status" role="status">${parts.length} file${parts.length === 1 ? "" : "s"} received</p>
<table><thead><tr><th>Field</th><th>File</th><th>Bytes</th><th>SHA-256</th></tr></thead><tbody>${rows}</tbody></table>`,
      });
    },
  },
  {
    method: "GET",
    path: "/tools/files/downloads",
    handle: () =>
      page({
        title: "Reports",
        script: DOWNLOADS_SCRIPT,
        body: `<h1>Reports</h1>
<p><a href="/tools/files/report.csv">Download the price list (CSV)</a></p>
<p><a href="/tools/files/report.csv" target="_blank">Open the price list in a new tab</a></p>
<p><button id="export">Export orders</button> <span class="status" id="exported" role="status"></span></p>
<p><a href="/tools/files/archive.zip">Download the archive</a></p>`,
      }),
  },
  {
    method: "GET",
    path: "/tools/files/report.csv",
    handle: () => ({
      headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="price-list.csv"' },
      body: DOWNLOAD_CSV,
    }),
  },
  {
    method: "GET",
    path: "/tools/files/archive.zip",
    handle: (ctx) => {
      const kb = Math.min(Math.max(Number(ctx.url.searchParams.get("kb")) || 200, 1), 4096);
      return {
        headers: { "content-type": "application/zip", "content-disposition": 'attachment; filename="archive.zip"' },
        body: "A".repeat(kb * 1024),
      };
    },
  },
];
