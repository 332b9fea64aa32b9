import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHART, chartTemplates, readYaml } from "./deploy-files.ts";

// No helm binary here: the templates are checked as text against values.yaml and each other.
const values = readYaml("deploy/helm/errand/values.yaml");
const templates = chartTemplates();
const all = [...templates.values()].join("\n");

function hasPath(object: unknown, keys: string[]): boolean {
  let at = object;
  for (const key of keys) {
    if (at === null || typeof at !== "object" || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

describe("the Helm chart", () => {
  it("has a Chart.yaml, values and the templates an operator expects", () => {
    expect(readYaml("deploy/helm/errand/Chart.yaml")).toMatchObject({ apiVersion: "v2", name: "errand" });
    for (const file of [
      "api-deployment.yaml",
      "worker-deployment.yaml",
      "worker-hpa.yaml",
      "service.yaml",
      "ingress.yaml",
      "secret.yaml",
      "configmap.yaml",
      "migrate-job.yaml",
    ]) {
      expect(existsSync(path.join(CHART, "templates", file)), file).toBe(true);
    }
  });

  it("references only values that values.yaml defines", () => {
    const references = new Set([...all.matchAll(/\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)/g)].map((m) => m[1]!.slice(1)));
    expect(references.size).toBeGreaterThan(20);
    expect([...references].filter((ref) => !hasPath(values, ref.split(".")))).toEqual([]);
  });

  it("includes only templates it defines", () => {
    const defined = new Set([...all.matchAll(/define "([^"]+)"/g)].map((m) => m[1]));
    const included = new Set([...all.matchAll(/include "([^"]+)"/g)].map((m) => m[1]));
    expect([...included].filter((name) => !defined.has(name))).toEqual([]);
  });

  it("runs the API without a worker, the worker with its health endpoints, and migrations as a hook", () => {
    expect(templates.get("api-deployment.yaml")).toContain('args: ["serve", "--role", "api"]');
    expect(templates.get("worker-deployment.yaml")).toContain('args: ["worker", "--health"]');
    const job = templates.get("migrate-job.yaml")!;
    expect(job).toContain('args: ["migrate"]');
    expect(job).toContain("helm.sh/hook: pre-install,pre-upgrade");
  });

  it("probes liveness on /api/health and readiness on /api/ready, as non-root", () => {
    const helpers = templates.get("_helpers.tpl")!;
    expect(helpers).toMatch(/livenessProbe:\s+httpGet: \{ path: \/api\/health/);
    expect(helpers).toMatch(/readinessProbe:\s+httpGet: \{ path: \/api\/ready/);
    for (const file of ["api-deployment.yaml", "worker-deployment.yaml"]) expect(templates.get(file)).toContain('include "errand.probes"');
    expect(values).toMatchObject({
      podSecurityContext: { runAsNonRoot: true, runAsUser: 10001 },
      securityContext: { allowPrivilegeEscalation: false },
    });
  });

  it("scales workers on the queue-depth metric when asked, on CPU otherwise", () => {
    const hpa = templates.get("worker-hpa.yaml")!;
    expect(values).toMatchObject({ worker: { autoscaling: { queueDepth: { metricName: "errand_queue_depth" } } } });
    expect(hpa).toContain("type: External");
    expect(hpa).toContain("name: cpu");
  });

  it("requires the secrets (or an existing Secret) and puts DATABASE_URL where the migration Job reads it", () => {
    const secret = templates.get("secret.yaml")!;
    for (const name of ["AUTH_SECRET", "ENCRYPTION_KEY", "DATABASE_URL"]) expect(secret).toContain(`"${name}"`);
    expect(secret).toContain("if not .Values.existingSecret");
    expect(templates.get("migrate-job.yaml")).toContain("key: DATABASE_URL");
  });
});
