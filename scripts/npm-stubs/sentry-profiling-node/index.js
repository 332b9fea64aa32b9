// See package.json: nothing in Errand loads @sentry/profiling-node.
throw new Error("@sentry/profiling-node is not installed in Errand's repository (docs/adr/0054-a-smaller-install.md)");
