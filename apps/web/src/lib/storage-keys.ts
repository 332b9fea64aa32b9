export { AUTH_TOKEN_STORAGE_KEY } from "@errand/contract";
