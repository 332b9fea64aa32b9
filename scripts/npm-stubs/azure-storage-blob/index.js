// See package.json: nothing in Errand loads @azure/storage-blob.
throw new Error("@azure/storage-blob is not installed in Errand's repository (docs/adr/0054-a-smaller-install.md)");
