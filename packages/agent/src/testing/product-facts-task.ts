/** The JSON task the answer tests share: facts of the fixture shop's product 1001 under `jsonSchema`. */
export const productFactsTask = (sitesUrl: string, jsonSchema: unknown) => ({
  prompt: "Product facts as JSON",
  initialUrl: `${sitesUrl}/shop/product/1001`,
  responseFormat: "json" as const,
  jsonSchema,
});
