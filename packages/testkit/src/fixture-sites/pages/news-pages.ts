import { escapeHtml, page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

export interface NewsItem {
  rank: number;
  title: string;
  site: string;
  author: string;
  points: number;
  age: string;
  comments: number;
}

const ITEMS: [string, string, string, number, string, number][] = [
  ["Show FN: A tiny browser automation agent in 400 lines", "github.com", "mkessler", 412, "2 hours ago", 187],
  ["Postgres 18 released with asynchronous I/O", "postgresql.org", "dbwhisperer", 389, "3 hours ago", 142],
  ["Why we moved our build system back to Make", "blog.example.dev", "ltorres", 276, "4 hours ago", 231],
  ["The hidden cost of flaky tests", "engineering.example.com", "qa_anna", 251, "5 hours ago", 96],
  ["A visual guide to how CSS grid actually works", "css-tricks.example", "gridfan", 233, "5 hours ago", 54],
  ["Ask FN: How do you review 2,000-line pull requests?", "", "tiredreviewer", 198, "6 hours ago", 305],
  ["SQLite is not a toy database", "sqlite.example.org", "hwaldo", 187, "7 hours ago", 121],
  ["Reverse engineering a 1990s pinball machine", "retro.example.net", "flipperbob", 176, "8 hours ago", 43],
  ["Rust in the Linux kernel: one year later", "lwn.example", "kpatel", 165, "8 hours ago", 210],
  ["Show FN: I built a mechanical keyboard from scratch", "keebs.example", "switchy", 151, "9 hours ago", 77],
  ["The unreasonable effectiveness of plain text", "plaintext.example", "txtmaxi", 143, "10 hours ago", 64],
  ["Cities are measuring heat islands with bicycles", "citylab.example", "urbanist", 132, "11 hours ago", 38],
  ["An interactive introduction to Fourier transforms", "math.example.edu", "wavelet", 128, "12 hours ago", 29],
  ["We cut our cloud bill by 60% with three changes", "ops.example.io", "finops_fred", 121, "13 hours ago", 156],
  ["The history of the QWERTY layout is mostly myth", "history.example", "typewriter", 117, "14 hours ago", 88],
  ["Launch FN: Errand (YC S26) - describe a web task, an agent does it", "errand.example", "errandteam", 109, "15 hours ago", 73],
  ["How a single typo took down a payment network", "postmortems.example", "incidentcmd", 104, "16 hours ago", 112],
  ["Learning Japanese with spaced repetition: two years in", "lang.example", "nihongo", 98, "17 hours ago", 61],
  ["The physics of why ice is slippery", "physics.example.org", "coldfacts", 91, "18 hours ago", 34],
  ["Show FN: A terminal UI for browsing RSS feeds", "github.com", "feedreader", 87, "19 hours ago", 22],
  ["Designing APIs that are hard to misuse", "apidesign.example", "contractual", 82, "20 hours ago", 47],
  ["Octopuses dream, and we can watch it happen", "science.example", "cephalopod", 76, "21 hours ago", 19],
  ["A field guide to memory leaks in Node.js", "nodeweekly.example", "heapdump", 71, "22 hours ago", 26],
  ["The last video rental store in Alaska", "stories.example", "vhsforever", 64, "23 hours ago", 31],
  ["What I learned running a one-person SaaS for 10 years", "indie.example", "solofounder", 58, "1 day ago", 94],
];

export const NEWS_ITEMS: NewsItem[] = ITEMS.map(([title, site, author, points, age, comments], i) => ({
  rank: i + 1,
  title,
  site,
  author,
  points,
  age,
  comments,
}));

const NEWS_CSS = `
.news{border:0;width:100%}
.news td{border:0;padding:2px 6px}
.news .rank{color:#656d76;text-align:right;width:32px;vertical-align:top}
.news .subtext{font-size:13px;color:#656d76;padding-bottom:10px}
.news .site{font-size:13px;color:#656d76}
.titleline a{color:#1f2328;text-decoration:none}
`;

function row(item: NewsItem): string {
  const site = item.site ? ` <span class="site">(${escapeHtml(item.site)})</span>` : "";
  return `<tr class="athing" id="item-${item.rank}"><td class="rank">${item.rank}.</td><td class="titleline"><a href="/news/item/${item.rank}">${escapeHtml(item.title)}</a>${site}</td></tr>
<tr><td></td><td class="subtext"><span class="score">${item.points} points</span> by <a class="author" href="/news/user/${item.author}">${item.author}</a> <span class="age">${item.age}</span> | <a href="/news/item/${item.rank}">${item.comments} comments</a></td></tr>`;
}

export const newsRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/news",
    handle: () =>
      page({
        title: "Fixture News",
        css: NEWS_CSS,
        body: `<h1>Fixture News</h1>\n<table class="news"><tbody>\n${NEWS_ITEMS.map(row).join("\n")}\n</tbody></table>`,
      }),
  },
  {
    method: "GET",
    path: /\/news\/item\/(\d+)/,
    handle: (ctx) => {
      const item = NEWS_ITEMS[Number(ctx.params[0]) - 1];
      if (!item) return page({ title: "No such item", body: "<h1>No such item</h1>" }, 404);
      return page({
        title: `${item.title} | Fixture News`,
        css: NEWS_CSS,
        body: `<h1>${escapeHtml(item.title)}</h1>
<p class="subtext">${item.points} points by ${item.author} ${item.age} | ${item.comments} comments</p>
<ul class="comments">
<li><b>reader_one</b>: Great write-up, thanks for sharing.</li>
<li><b>skeptic42</b>: I am not convinced the numbers generalise.</li>
</ul>
<p><a href="/news">Back to Fixture News</a></p>`,
      });
    },
  },
  {
    method: "GET",
    path: /\/news\/user\/([a-z0-9_]+)/,
    handle: (ctx) =>
      page({
        title: `Profile: ${ctx.params[0] ?? ""}`,
        body: `<h1>User ${escapeHtml(ctx.params[0] ?? "")}</h1><p>Karma: 1,024</p><p><a href="/news">Back to Fixture News</a></p>`,
      }),
  },
];
