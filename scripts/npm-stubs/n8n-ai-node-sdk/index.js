// See package.json: nothing in Errand loads n8n's AI node SDK.
throw new Error("@n8n/ai-node-sdk is not installed in Errand's repository (docs/adr/0033-no-n8n-ai-sdk-in-installs.md)");
