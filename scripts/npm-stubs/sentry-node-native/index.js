// See package.json: nothing in Errand loads @sentry/node-native.
throw new Error("@sentry/node-native is not installed in Errand's repository (docs/adr/0054-a-smaller-install.md)");
