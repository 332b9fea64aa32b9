// Runs the BUILT package the way an n8n instance does, with n8n-core's own code: the package is
// loaded by PackageDirectoryLoader from its package.json `n8n` block, workflows run through
// WorkflowExecute, dropdowns through LoadOptionsContext, the trigger's webhook registration
// through HookContext and its deliveries through WebhookContext. What n8n keeps in its CLI
// package (the encrypted credential store, the HTTP server) is replaced by the smallest stand-ins:
// TestCredentialsHelper below and an express receiver in the trigger test.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  ExecutionLifecycleHooks,
  HookContext,
  LoadOptionsContext,
  PackageDirectoryLoader,
  WebhookContext,
  WorkflowExecute,
} from "n8n-core";
import type {
  ICredentialDataDecryptedObject,
  ICredentials,
  ICredentialType,
  IHttpRequestOptions,
  INode,
  INodeCredentialsDetails,
  INodeProperties,
  INodeType,
  INodeTypes,
  IRun,
  IWebhookData,
  IWorkflowExecuteAdditionalData,
  IDataObject,
  IConnections,
  ICredentialsHelper,
  Workflow,
} from "n8n-workflow";
import type * as N8nWorkflow from "n8n-workflow";

// n8n-workflow ships CommonJS and ESM builds. n8n-core and the built node load the CommonJS one;
// an ESM import here would give the tests a second copy (other classes, other static state), so
// its runtime values come from the same require.
const n8nWorkflow = createRequire(import.meta.url)("n8n-workflow") as typeof N8nWorkflow;

export const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const PACKAGE_NAME = "n8n-nodes-errand";

const LOCK_DIR = path.join(PACKAGE_DIR, ".build-lock");

/**
 * `npm run build` of the package (tsc to dist/, then the icons and codex files), then `use` on
 * the fresh dist/. Test files run in parallel: a lock directory (mkdir is atomic) keeps one build
 * at a time, and `use` runs under the lock so no file reads dist/ while another rewrites it.
 * A dist/ built from the same sources is used as it is: five builds of the same files took
 * minutes of a busy machine, and the first file to run builds whatever changed.
 */
export async function withBuiltPackage<T>(use: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch {
      // A lock left by a killed test process: builds take seconds, never minutes.
      if (Date.now() - statSync(LOCK_DIR, { throwIfNoEntry: false })!.mtimeMs > 120_000) rmSync(LOCK_DIR, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    const sources = sourcesFingerprint();
    if (!existsSync(BUILT_FROM) || readFileSync(BUILT_FROM, "utf8") !== sources) {
      rmSync(BUILT_FROM, { force: true });
      execFileSync("npm", ["run", "build", "--silent"], { cwd: PACKAGE_DIR, stdio: "pipe" });
      writeFileSync(BUILT_FROM, sources);
    }
    return await use();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/** Where a build notes the sources it was made from (dist/ is not in git). */
const BUILT_FROM = path.join(PACKAGE_DIR, "dist", ".built-from");

/** A hash of everything the build reads from the package: its configuration and its sources. */
function sourcesFingerprint(): string {
  const hash = createHash("sha256");
  const files = ["package.json", "tsconfig.json"];
  for (const dir of ["credentials", "nodes", "shared"]) {
    for (const entry of readdirSync(path.join(PACKAGE_DIR, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(path.relative(PACKAGE_DIR, path.join(entry.parentPath, entry.name)));
    }
  }
  for (const file of files.sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(PACKAGE_DIR, file)))
      .update("\0");
  return hash.digest("hex");
}

/** Builds the package and loads it as n8n does. */
export async function buildAndLoadPackage(extraNodeTypes: Record<string, INodeType> = {}): Promise<LoadedPackage> {
  return await withBuiltPackage(() => loadPackage(extraNodeTypes));
}

export interface LoadedPackage {
  loader: PackageDirectoryLoader;
  nodeTypes: INodeTypes;
  credentialType(name: string): ICredentialType;
}

/** Loads dist/ as n8n loads a community package; node types are named `<package>.<node>` as in n8n. */
export async function loadPackage(extraNodeTypes: Record<string, INodeType> = {}): Promise<LoadedPackage> {
  const loader = new PackageDirectoryLoader(PACKAGE_DIR);
  await loader.loadAll();
  const byName = new Map<string, INodeType>(Object.entries(extraNodeTypes));
  for (const [name, { type }] of Object.entries(loader.nodeTypes)) byName.set(`${PACKAGE_NAME}.${name}`, type as INodeType);
  const get = (name: string) => {
    const type = byName.get(name);
    if (!type) throw new Error(`unknown node type ${name}`);
    return type;
  };
  const nodeTypes: INodeTypes = {
    getByName: get,
    getByNameAndVersion: get,
    getKnownTypes: () => Object.fromEntries([...byName.keys()].map((k) => [k, {}])),
  };
  return { loader, nodeTypes, credentialType: (name) => loader.getCredential(name).type };
}

/**
 * n8n's CLI decrypts stored credentials and applies the credential type's `authenticate`
 * block; here the data is held in memory and `authenticate` (generic: headers with
 * expressions) is resolved by the workflow's own expression engine, as the CLI does.
 */
export class TestCredentialsHelper extends n8nWorkflow.ICredentialsHelper {
  private readonly pkg: LoadedPackage;
  private readonly data: Record<string, ICredentialDataDecryptedObject>;
  constructor(pkg: LoadedPackage, data: Record<string, ICredentialDataDecryptedObject>) {
    super();
    this.pkg = pkg;
    this.data = data;
  }
  getParentTypes() {
    return [];
  }
  /** n8n's rule: a credential type that restricts itself to its supported nodes serves only those. */
  isCredentialUsableByNode(credentialType: string, nodeType: string) {
    const type = this.pkg.credentialType(credentialType);
    return !type.restrictToSupportedNodes || (type.supportedNodes ?? []).includes(nodeType);
  }
  async authenticate(
    credentials: ICredentialDataDecryptedObject,
    typeName: string,
    requestOptions: IHttpRequestOptions,
    workflow: Workflow,
    node: INode,
  ) {
    const auth = this.pkg.credentialType(typeName).authenticate;
    if (!auth || typeof auth === "function" || auth.type !== "generic") throw new Error(`unsupported authenticate of ${typeName}`);
    const headers = { ...(requestOptions.headers ?? {}) };
    for (const [key, value] of Object.entries(auth.properties.headers ?? {})) {
      headers[key] = workflow.expression.getParameterValue(
        value as string,
        null,
        0,
        0,
        node.name,
        [],
        "internal",
        { $credentials: credentials },
        undefined,
        false,
        credentials,
      );
    }
    return { ...requestOptions, headers };
  }
  async preAuthentication() {
    return undefined;
  }
  async runPreAuthentication() {
    return undefined;
  }
  async getCredentials(): Promise<ICredentials> {
    throw new Error("not used");
  }
  async getDecrypted(_additionalData: IWorkflowExecuteAdditionalData, nodeCredentials: INodeCredentialsDetails) {
    const found = nodeCredentials.id ? this.data[nodeCredentials.id] : undefined;
    if (!found) throw new Error(`no credential ${nodeCredentials.id}`);
    return found;
  }
  async updateCredentials() {}
  async updateCredentialsOauthTokenData() {}
  getCredentialsProperties(type: string): INodeProperties[] {
    return this.pkg.credentialType(type).properties;
  }
}

export function additionalData(
  credentialsHelper: ICredentialsHelper,
  options: { webhookBaseUrl?: string } = {},
): IWorkflowExecuteAdditionalData {
  const webhookBaseUrl = options.webhookBaseUrl ?? "http://127.0.0.1:1/webhook";
  return {
    credentialsHelper,
    executeWorkflow: async () => {
      throw new Error("sub-workflows are not used");
    },
    getRunExecutionData: async () => undefined,
    currentNodeExecutionIndex: 0,
    restApiUrl: "http://127.0.0.1:1/rest",
    instanceBaseUrl: "http://127.0.0.1:1/",
    formWaitingBaseUrl: "http://127.0.0.1:1/form-waiting",
    webhookBaseUrl,
    webhookWaitingBaseUrl: "http://127.0.0.1:1/webhook-waiting",
    webhookTestBaseUrl: `${webhookBaseUrl}-test`,
    variables: {},
    logAiEvent: () => {},
    startRunnerTask: async () => {
      throw new Error("task runners are not used");
    },
  } as unknown as IWorkflowExecuteAdditionalData;
}

export function makeWorkflow(pkg: LoadedPackage, nodes: INode[], connections: IConnections = {}, staticData: IDataObject = {}) {
  return new n8nWorkflow.Workflow({
    id: "wf-test",
    name: "Errand test workflow",
    nodes,
    connections,
    active: true,
    nodeTypes: pkg.nodeTypes,
    staticData,
  });
}

let executions = 0;

/** WorkflowExecute.run from `startNode` (a node without inputs gets one empty item, as after a manual trigger). */
export async function runWorkflow(workflow: Workflow, data: IWorkflowExecuteAdditionalData, startNode: string): Promise<IRun> {
  const workflowData = {
    id: workflow.id,
    name: workflow.name,
    active: true,
    isArchived: false,
    nodes: Object.values(workflow.nodes),
    connections: workflow.connectionsBySourceNode,
    createdAt: new Date(),
    updatedAt: new Date(),
    activeVersionId: null,
  };
  const hooks = new ExecutionLifecycleHooks("manual", `exec-${++executions}`, workflowData as never);
  const execute = new WorkflowExecute({ ...data, hooks }, "manual");
  return await execute.run({ workflow, startNode: workflow.getNode(startNode)! });
}

/** The JSON items a node output in a finished run (throws the node's error if it failed). */
export function outputOf(run: IRun, nodeName: string): IDataObject[] {
  const task = run.data.resultData.runData[nodeName]?.[0];
  if (!task) throw new Error(`${nodeName} did not run${run.data.resultData.error ? `: ${run.data.resultData.error.message}` : ""}`);
  if (task.error) throw task.error;
  return (task.data?.main?.[0] ?? []).map((item) => item.json);
}

export function loadOptionsContext(workflow: Workflow, data: IWorkflowExecuteAdditionalData, node: INode) {
  return new LoadOptionsContext(workflow, node, data, "");
}

export function hookContext(workflow: Workflow, data: IWorkflowExecuteAdditionalData, node: INode, webhookData: IWebhookData) {
  return new HookContext(workflow, node, data, "trigger", "activate", webhookData);
}

export function webhookContext(workflow: Workflow, data: IWorkflowExecuteAdditionalData, node: INode, webhookData: IWebhookData) {
  return new WebhookContext(workflow, node, data, "trigger", webhookData, [], null);
}
