// See package.json: nothing in Errand loads @azure/identity.
throw new Error("@azure/identity is not installed in Errand's repository (docs/adr/0054-a-smaller-install.md)");
