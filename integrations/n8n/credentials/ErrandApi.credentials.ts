import type { IAuthenticateGeneric, ICredentialTestRequest, ICredentialType, INodeProperties } from "n8n-workflow";

/** An Errand API key and the server it belongs to (Errand is self-hosted: each install has its own address). */
export class ErrandApi implements ICredentialType {
  name = "errandApi";
  displayName = "Errand API";
  documentationUrl = "https://github.com/errand/errand/tree/main/integrations/n8n#credentials";
  icon = "file:errand.svg" as const;
  properties: INodeProperties[] = [
    {
      displayName: "API Key",
      name: "apiKey",
      type: "string",
      typeOptions: { password: true },
      default: "",
      required: true,
      description: "Copy it from the API Keys page of your Errand account",
    },
    {
      displayName: "Base URL",
      name: "baseUrl",
      type: "string",
      default: "",
      placeholder: "https://errand.example.com",
      required: true,
      description: "The address of your Errand server, without /api/v1",
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: "generic",
    properties: { headers: { "x-api-key": "={{$credentials.apiKey}}" } },
  };

  // GET /account answers 200 only for a valid key.
  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}/api/v1',
      url: "/account",
      method: "GET",
    },
  };
}
