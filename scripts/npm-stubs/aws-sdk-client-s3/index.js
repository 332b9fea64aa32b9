// See package.json: nothing in Errand loads @aws-sdk/client-s3.
throw new Error("@aws-sdk/client-s3 is not installed in Errand's repository (docs/adr/0054-a-smaller-install.md)");
