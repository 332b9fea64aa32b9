import { ENV_DOCS } from "@errand/config";

/** Prints the environment variables as a Markdown table (the README's table comes from here). */
export async function configCommand(): Promise<number> {
  const rows = Object.entries(ENV_DOCS).map(([name, doc]) => `| \`${name}\` | ${doc.default} | ${doc.meaning} |`);
  process.stdout.write(["| Variable | Default | Meaning |", "|---|---|---|", ...rows, ""].join("\n"));
  return 0;
}
