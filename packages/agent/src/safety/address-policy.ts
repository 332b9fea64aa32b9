// The address rule lives in @errand/network-rule (shared with the services and the worker); the
// agent's modules keep importing it from here.
export * from "@errand/network-rule";
