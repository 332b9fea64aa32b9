import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ENV_DOCS } from "@errand/config";
import { describe, expect, it } from "vitest";
import { DEPLOY, ROOT, dockerInstructions, imageEnv, read, readYaml } from "./deploy-files.ts";

// No Docker daemon here: the Dockerfile and the Compose file are checked against the repository.
const instructions = dockerInstructions();
const compose = readYaml("deploy/docker-compose.yml") as { services: Record<string, Record<string, unknown>> };
const services = compose.services;

describe("the Dockerfile", () => {
  it("copies only files that exist, and every workspace's manifest before npm ci", () => {
    const copies = instructions.filter((i) => i.op === "COPY" && !i.args.includes("--from="));
    const sources = copies.flatMap((i) =>
      i.args
        .split(/\s+/)
        .filter((a) => !a.startsWith("--"))
        .slice(0, -1),
    );
    for (const source of sources) expect(existsSync(path.join(ROOT, source)), source).toBe(true);

    const workspaces = (JSON.parse(read("package.json")) as { workspaces: string[] }).workspaces;
    const manifests = workspaces
      .flatMap((pattern) =>
        pattern.endsWith("/*")
          ? readdirNames(pattern.slice(0, -2)).map((name) => `${pattern.slice(0, -2)}/${name}/package.json`)
          : [`${pattern}/package.json`],
      )
      .filter((file) => existsSync(path.join(ROOT, file)));
    expect(manifests.filter((file) => !sources.includes(file))).toEqual([]);
  });

  it("runs errand as a non-root user with Debian's Chromium and a healthcheck on /api/health", () => {
    const runtime = instructions.slice(instructions.map((i) => i.op).lastIndexOf("FROM"));
    const run = runtime
      .filter((i) => i.op === "RUN")
      .map((i) => i.args)
      .join(" ");
    expect(run).toMatch(/apt-get install .*\bchromium\b/);
    expect(run).toMatch(/fonts-/);
    expect(runtime.find((i) => i.op === "USER")?.args).toMatch(/^[1-9]\d*/);
    expect(runtime.find((i) => i.op === "HEALTHCHECK")?.args).toContain("/api/health");
    expect(imageEnv().get("BROWSER_PATH")).toBe("/usr/bin/chromium");
    const entrypoint = JSON.parse(runtime.find((i) => i.op === "ENTRYPOINT")!.args) as string[];
    const cli = entrypoint.find((arg) => arg.endsWith("errand.mjs"))!;
    expect(existsSync(path.join(ROOT, cli.replace(/^\/app\//, "")))).toBe(true);
  });

  it("builds and runs on Node 24, the major .node-version pins and package.json's engines require", () => {
    const major = read(".node-version").trim().split(".")[0];
    expect(major).toBe("24");
    expect((JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node).toBe(`>=${major}`);
    expect(instructions.filter((i) => i.op === "ARG" && i.args.startsWith("NODE_IMAGE=")).map((i) => i.args)).toEqual([
      `NODE_IMAGE=node:${major}-bookworm-slim`,
    ]);
    // Both the dependency stages and the runtime stage start from that image.
    expect(instructions.filter((i) => i.op === "FROM").map((i) => i.args.split(/\s+/)[0])).toEqual([
      "${NODE_IMAGE}",
      "deps",
      "${NODE_IMAGE}",
    ]);
  });

  it("is built from a context without dependencies, local data or a fetched Node", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["**/node_modules", "data", ".git", "deploy/.env", ".cache"]) expect(ignored).toContain(entry);
  });
});

describe("docker-compose.yml", () => {
  it("has Postgres, API and worker processes, an S3-compatible store and a mail catcher", () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(["postgres", "api", "worker", "minio", "minio-bucket", "mailpit", "migrate"]),
    );
    expect(services.api!.command).toEqual(["serve", "--role", "api"]);
    expect(services.worker!.command).toEqual(["worker", "--health"]);
    expect(services.migrate!.command).toEqual(["migrate"]);
  });

  it("refers to files that exist and to services it defines, with healthchecks where others wait on them", () => {
    const errand = services.api!;
    const build = errand.build as { context: string; dockerfile: string };
    const context = path.resolve(DEPLOY, build.context);
    expect(existsSync(path.join(context, build.dockerfile))).toBe(true);
    // .env is the operator's copy of .env.example.
    for (const file of errand.env_file as string[])
      expect(existsSync(path.join(DEPLOY, file === ".env" ? ".env.example" : file)), file).toBe(true);
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries((service.depends_on ?? {}) as Record<string, { condition: string }>)) {
        expect(services[dependency], `${name} depends on ${dependency}`).toBeDefined();
        if (condition === "service_healthy") expect(services[dependency]!.healthcheck, `${dependency} healthcheck`).toBeDefined();
        else expect(condition).toBe("service_completed_successfully");
      }
    }
    for (const name of ["api", "worker", "postgres", "minio", "mailpit"]) expect(services[name]!.healthcheck, name).toBeDefined();
  });

  it("sets only variables Errand reads, and .env.example names each one it needs", () => {
    const environment = Object.keys(services.api!.environment as Record<string, string>);
    expect(environment.filter((name) => !(name in ENV_DOCS))).toEqual([]);
    const example = readFileSync(path.join(DEPLOY, ".env.example"), "utf8");
    const [errandPart = "", composePart = ""] = example.split("# --- Compose only");
    const names = (text: string) => [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    const composeOnly = ["POSTGRES_PASSWORD", "MINIO_ROOT_PASSWORD", "MINIO_ROOT_USER", "ERRAND_PORT", "S3_BUCKET"];
    expect(names(errandPart).filter((name) => !(name in ENV_DOCS) && !composeOnly.includes(name))).toEqual([]);
    expect(names(composePart).filter((name) => !composeOnly.includes(name))).toEqual([]);
    for (const required of ["AUTH_SECRET", "ENCRYPTION_KEY", "BASE_URL", "POSTGRES_PASSWORD", "MINIO_ROOT_PASSWORD"])
      expect(names(errandPart)).toContain(required);
  });
});

function readdirNames(dir: string): string[] {
  return existsSync(path.join(ROOT, dir)) ? readdirSync(path.join(ROOT, dir)) : [];
}
