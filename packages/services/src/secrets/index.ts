// @errand/services/secrets: secrets at rest; sealing with the encryption key and resealing after a
// key rotation.
export { encryptSecret, decryptSecret, keyId } from "./encryption.ts";
export { sealSecret, openSecret, sealedWithOldKey } from "./seal-secret.ts";
export { resealSecrets, type ResealReport } from "./reseal-secrets.ts";
