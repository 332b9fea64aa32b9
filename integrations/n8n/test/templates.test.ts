import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { INodeProperties, INodeType } from "n8n-workflow";
import { beforeAll, describe, expect, it } from "vitest";
import { PACKAGE_DIR, PACKAGE_NAME, buildAndLoadPackage, makeWorkflow, type LoadedPackage } from "./n8n-harness.ts";

/** The n8n core nodes the templates use (n8n-nodes-base is not installed here: names checked, parameters not). */
const BASE_NODES = [
  "n8n-nodes-base.scheduleTrigger",
  "n8n-nodes-base.if",
  "n8n-nodes-base.slack",
  "n8n-nodes-base.googleSheets",
  "n8n-nodes-base.splitInBatches",
  "n8n-nodes-base.formTrigger",
  "n8n-nodes-base.emailSend",
];

interface TemplateNode {
  name: string;
  type: string;
  typeVersion: number;
  parameters: Record<string, unknown>;
  credentials?: Record<string, unknown>;
}
interface Template {
  name: string;
  nodes: TemplateNode[];
  connections: Record<string, { main: { node: string }[][] }>;
}

const dir = path.join(PACKAGE_DIR, "templates");
const templates = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .map((file) => ({ file, template: JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Template }));

let pkg: LoadedPackage;
beforeAll(async () => {
  pkg = await buildAndLoadPackage();
}, 120_000);

describe("workflow templates", () => {
  it("has the templates the integration page promises, and one for the trigger", () => {
    expect(templates.map((t) => t.template.name).sort()).toEqual([
      "Every finished run, with its steps",
      "Fill a sheet from partner dashboards",
      "Form to third-party portal",
      "Hourly stock check with a Slack alert",
    ]);
  });

  it.each(templates)("$file: known node types, unique names, connections between existing nodes", ({ template }) => {
    const names = template.nodes.map((n) => n.name);
    expect(new Set(names).size).toBe(names.length);
    for (const node of template.nodes) {
      if (node.type.startsWith(`${PACKAGE_NAME}.`))
        expect(pkg.loader.nodeTypes[node.type.slice(PACKAGE_NAME.length + 1)], node.type).toBeDefined();
      else expect(BASE_NODES, node.type).toContain(node.type);
    }
    for (const [source, { main }] of Object.entries(template.connections)) {
      expect(names).toContain(source);
      for (const target of main.flat()) expect(names).toContain(target.node);
    }
  });

  it.each(templates)(
    "$file: our nodes use only parameters they declare, with the Errand credential, and load into an n8n Workflow",
    ({ template }) => {
      const ours = template.nodes.filter((n) => n.type.startsWith(`${PACKAGE_NAME}.`));
      expect(ours.length).toBeGreaterThan(0);
      for (const node of ours) {
        const { description } = pkg.loader.nodeTypes[node.type.slice(PACKAGE_NAME.length + 1)]!.type as INodeType;
        const declared = new Map<string, INodeProperties[]>();
        for (const p of description.properties) declared.set(p.name, [...(declared.get(p.name) ?? []), p]);
        for (const [name, value] of Object.entries(node.parameters)) {
          expect([...declared.keys()], `${node.name}.${name}`).toContain(name);
          if (name === "options") {
            const optionNames = declared.get(name)!.flatMap((p) => (p.options as INodeProperties[]).map((o) => o.name));
            for (const option of Object.keys(value as object)) expect(optionNames, `${node.name}.options.${option}`).toContain(option);
          }
        }
        expect(Object.keys(node.credentials ?? {})).toEqual(["errandApi"]);
        expect(node.typeVersion).toBe(description.version);
      }
      // n8n's Workflow resolves our nodes' parameters against their descriptions (the base nodes are left out: not installed).
      const workflow = makeWorkflow(pkg, ours.map((n, i) => ({ ...n, id: String(i), position: [0, 0] as [number, number] })) as never);
      for (const node of ours) expect(workflow.getNode(node.name)).toBeTruthy();
    },
  );
});
