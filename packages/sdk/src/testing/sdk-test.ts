import { serverTest } from "@errand/testkit/testing";
import { Errand, type ErrandOptions } from "../index.ts";
import { sdkResponder } from "./sdk-scenarios.ts";

/** A client on the file's server with its account's key; `options` change the rest (say, its fetch). */
export type SdkClient = (options?: Partial<ErrandOptions>) => Errand;

/**
 * `serverTest` for the SDK's runs (docs/adr/0028-test-fixtures.md): the server's fake model plays the
 * SDK's scenarios (sdkResponder), and `client` makes an Errand client with the file's account.
 */
export const sdkTest = serverTest
  .extend("scenario", { scope: "file" }, () => sdkResponder)
  .extend("client", { scope: "file" }, ({ server, account }): SdkClient => {
    return (options = {}) => new Errand({ apiKey: account.apiKey, baseUrl: server.baseUrl, ...options });
  });
