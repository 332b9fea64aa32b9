// See package.json: nothing in Errand loads @n8n/workflow-sdk.
throw new Error("@n8n/workflow-sdk is not installed in Errand's repository (docs/adr/0054-a-smaller-install.md)");
