import { boolOrNull, choiceOrNull, intOrNull, lines, str, strOrNull, table, url, urlOrNull } from "./schema.ts";
import type { CatalogAutomation } from "./types.ts";

/** Lovable: the AI app builder. Projects need a signed-in account; the Launched showcase is public. */
export const LOVABLE_AUTOMATIONS: CatalogAutomation[] = [
  {
    slug: "lovable-build-app-prototype",
    title: "Build a Web App Prototype With Lovable",
    description:
      "Starts a new Lovable project from your written brief, waits while Lovable generates the app and checks the preview. Returns the project link, what was built and any error left, so founders and product teams get a clickable prototype from an idea. Requires a signed-in Lovable account.",
    website: "lovable",
    categories: ["startups", "productivity"],
    needAuth: true,
    prompt: lines(
      `App brief: [describe the app: who it is for, its main screens and what users can do, e.g. "A landing page with a waitlist for a dog-walking service in Lisbon: hero section, three benefits, pricing and an email sign-up form"]`,
      "1. Open https://lovable.dev/ signed in. Paste the brief exactly as written into the prompt box on the home page and submit it. Keep the default settings; do not connect Supabase, GitHub or payments and do not change the plan.",
      "2. Wait while Lovable builds; it can take several minutes. Check progress every 10 seconds with the wait tool. If Lovable asks a question, answer briefly with the most reasonable choice that fits the brief.",
      `3. When it has finished, look at the preview: check that the screens from the brief are there and no error is shown. If Lovable reports a build error and offers "Try to fix", click it once and wait again.`,
      "4. Answer with the project URL (https://lovable.dev/projects/...), the project name, a bullet list of what was built (pages, sections, features), anything from the brief that is missing, and any error still shown.",
      "Do not publish the project. If you run out of Lovable credits or reach a plan limit, stop and report the message.",
    ),
    initialUrl: "https://lovable.dev/",
    responseFormat: "text",
    jsonSchema: null,
    sessionTimeout: 1200,
  },
  {
    slug: "lovable-request-change",
    title: "Send a Change Request to a Lovable Project",
    description:
      "Opens one of your Lovable projects, asks Lovable's chat for the change you describe, waits for the edit and checks the preview. Returns Lovable's summary of the change and whether the preview works, so updates can be triggered from the API or an automation platform. Requires a signed-in Lovable account.",
    website: "lovable",
    categories: ["productivity", "startups"],
    needAuth: true,
    prompt: lines(
      "Project: [Lovable project URL, e.g. https://lovable.dev/projects/...]",
      `Change: [what to change, e.g. "Add a monthly/yearly toggle to the pricing section"]`,
      "1. Open the project URL signed in and wait for the editor and preview to load.",
      "2. Type the change exactly as written in the chat box and send it in the default mode that edits the code (not a chat-only or plan mode).",
      "3. Wait until Lovable has finished and the preview has reloaded, checking every 10 seconds for up to 10 minutes.",
      `4. Check the preview for the change. If Lovable reports a build error and offers "Try to fix", click it once and wait again.`,
      "Answer with Lovable's own summary of the edit as written in the chat, whether the change is visible in the preview, and any error left. Do not publish, connect integrations or change project settings.",
    ),
    initialUrl: "https://lovable.dev/",
    responseFormat: "text",
    jsonSchema: null,
    sessionTimeout: 900,
  },
  {
    slug: "lovable-list-projects",
    title: "List Your Lovable Projects",
    description:
      "Reads your Lovable dashboard and lists each project with its workspace, last edit, visibility and links to the editor and the published site. Useful for agencies and teams keeping an inventory of prototypes across workspaces. Requires a signed-in Lovable account.",
    website: "lovable",
    categories: ["productivity", "data-extraction"],
    needAuth: true,
    prompt: lines(
      "1. Open https://lovable.dev/ signed in and go to the list of all projects in the dashboard. If you belong to several workspaces, go through each one with the workspace switcher.",
      "2. Scroll until all projects are loaded, up to 100.",
      `3. For each project record: name, workspace, last edited as shown (e.g. "2 days ago"), visibility (public, workspace or private; null if not shown), whether it is published (a live URL or "Published" badge is shown), the editor URL (https://lovable.dev/projects/<id>) and the published URL when shown.`,
      "Do not open, rename, remix or delete any project.",
    ),
    initialUrl: "https://lovable.dev/",
    responseFormat: "json",
    jsonSchema: table(
      "projects",
      {
        name: str(),
        workspace: strOrNull(),
        lastEdited: strOrNull(),
        visibility: choiceOrNull(["public", "workspace", "private"]),
        published: boolOrNull(),
        editorUrl: url(),
        publishedUrl: urlOrNull(),
      },
      100,
    ),
  },
  {
    slug: "lovable-launched-projects",
    title: "Browse Projects Launched on Lovable",
    description:
      "Collects 40 apps from Lovable's public Launched showcase, where builders share what they made with Lovable, with name, description, tags, votes and links. Useful for founders looking for ideas and for anyone tracking what people build with AI app builders.",
    website: "lovable",
    categories: ["startups", "research"],
    needAuth: false,
    prompt: lines(
      "1. Open https://lovable.dev/launched (Lovable's showcase of launched projects). If it is not available, use the community showcase linked from https://lovable.dev/ and say which page you used.",
      `2. Collect 40 projects in the order shown, scrolling or clicking "Load more" as needed; keep the default sort.`,
      `3. For each project record: name, one-line description, category or tags separated by ", ", vote or like count, the maker's name or handle, the URL of the project's page on Lovable and the URL of the live app when the card links to it.`,
      "Open a project only when its card lacks a link. Use null for anything not shown. Do not vote, remix or sign in.",
    ),
    initialUrl: "https://lovable.dev/launched",
    responseFormat: "json",
    jsonSchema: table(
      "projects",
      {
        name: str(),
        description: strOrNull(),
        tags: strOrNull(),
        votes: intOrNull(),
        maker: strOrNull(),
        lovableUrl: urlOrNull(),
        liveUrl: urlOrNull(),
      },
      40,
    ),
  },
];
