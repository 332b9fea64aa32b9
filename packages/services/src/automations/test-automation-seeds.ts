import type { AutomationSeed } from "@errand/contract";

/**
 * For tests on the shared database: a catalogue automation (Hacker News top stories, JSON) whose
 * slug and title carry the file's `token`, so no two files meet.
 */
export const testAutomationSeed = (token: string, name: string, over: Partial<AutomationSeed> = {}): AutomationSeed => ({
  slug: `${name}-${token}`,
  title: `${name} ${token}`,
  description: "d",
  website: "hacker-news",
  categories: ["research"],
  needAuth: false,
  prompt: `Collect the top stories (${name} ${token})`,
  initialUrl: "https://news.ycombinator.com/",
  responseFormat: "json",
  jsonSchema: { type: "object", properties: { stories: { type: "array" } } },
  sessionTimeout: 120,
  ...over,
});
