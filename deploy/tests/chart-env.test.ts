import { ENV_DOCS, loadConfig } from "@errand/config";
import { describe, expect, it } from "vitest";
import { chartTemplates, imageEnv, readYaml } from "./deploy-files.ts";

// The chart's environment, checked against the config schema (packages/config/src/env-schema.ts):
// every variable Errand reads is set by the chart or the image, or listed here as not applicable.
const NOT_APPLICABLE: Record<string, string> = {
  LIVE_INTERNAL_URL: "each pod advertises its own address (LIVE_INTERNAL_HOST 0.0.0.0): one value for all pods would be wrong",
};

/** Variables whose value is a secret or may carry credentials: the Secret only, never the ConfigMap. */
const isSensitive = (name: string) =>
  /SECRET|PASSWORD|TOKEN|_KEY$|_KEY_/.test(name) || ["DATABASE_URL", "SMTP_URL", "PROXY_URL"].includes(name);

const values = readYaml("deploy/helm/errand/values.yaml") as {
  config: Record<string, string>;
  secrets: Record<string, string>;
};
const templates = chartTemplates();
const configNames = Object.keys(values.config);
const secretNames = Object.keys(values.secrets);
/** `- name: X` entries of a container's env in the templates. */
const templateNames = [
  ...new Set([...templates.values()].flatMap((t) => [...t.matchAll(/^\s*- name: ([A-Z][A-Z0-9_]*)\s*$/gm)].map((m) => m[1]!))),
];
/** What the pods of both Deployments get from the chart itself (errand.env in _helpers.tpl). */
const podNames = [...templates.get("_helpers.tpl")!.matchAll(/^\s*- name: ([A-Z][A-Z0-9_]*)\s*$/gm)].map((m) => m[1]!);
const imageNames = [...imageEnv().keys()];
const documented = Object.keys(ENV_DOCS);

describe("the Helm chart's environment", () => {
  it("sets every variable of the config schema (ConfigMap, Secret, chart or image), or says why not", () => {
    const covered = new Set([...configNames, ...secretNames, ...templateNames, ...imageNames, ...Object.keys(NOT_APPLICABLE)]);
    expect(documented.filter((name) => !covered.has(name))).toEqual([]);
  });

  it("sets no variable the config schema does not know", () => {
    for (const [where, names] of Object.entries({
      config: configNames,
      secrets: secretNames,
      templates: templateNames,
      image: imageNames,
    })) {
      expect(
        names.filter((name) => !(name in ENV_DOCS)),
        where,
      ).toEqual([]);
    }
  });

  it("keeps secrets out of the ConfigMap and lists each variable once", () => {
    expect(configNames.filter(isSensitive)).toEqual([]);
    expect(documented.filter(isSensitive).filter((name) => !secretNames.includes(name))).toEqual([]);
    expect(configNames.filter((name) => secretNames.includes(name) || podNames.includes(name))).toEqual([]);
    expect(podNames).toEqual(["HOST", "PORT", "DATA_DIR", "LIVE_INTERNAL_HOST", "LIVE_INTERNAL_PORT"]);
  });

  it("its defaults pass the config validation as the pods would see them", () => {
    const env = {
      ...Object.fromEntries(imageEnv()),
      ...values.config,
      BASE_URL: "https://errand.example.com",
      HOST: "0.0.0.0",
      PORT: "3000",
      DATA_DIR: "/data",
    };
    expect(() => loadConfig(env)).not.toThrow();
    // The image's variables too: NODE_ENV, BROWSER_PATH, HOST, PORT, DATA_DIR.
    expect(loadConfig(env)).toMatchObject({ env: "production", host: "0.0.0.0", port: 3000, browserPath: "/usr/bin/chromium" });
  });
});
