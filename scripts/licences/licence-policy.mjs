// Which licences of production dependencies Errand (Apache-2.0) accepts, and the packages let
// through by hand with the reason. Rendered into docs/third-party-licences.md.

/** SPDX identifiers allowed, each with why it is compatible. */
export const ALLOWED_LICENCES = {
  MIT: "permissive: keep the notice",
  "MIT-0": "permissive, no notice required",
  ISC: "permissive: keep the notice",
  "BSD-2-Clause": "permissive: keep the notice",
  "BSD-3-Clause": "permissive: keep the notice, no endorsement",
  "0BSD": "permissive, no notice required",
  "Apache-2.0": "Errand's own licence: keep the notice and NOTICE files",
  "BlueOak-1.0.0": "permissive, with a patent grant",
  Zlib: "permissive: keep the notice, mark changes",
  Unlicense: "public domain dedication",
  "CC0-1.0": "public domain dedication",
  "Python-2.0": "permissive (PSF licence)",
  "CC-BY-3.0": "data (browser and licence data tables): credit the source",
  "CC-BY-4.0": "data (browser and licence data tables): credit the source",
  "MPL-2.0":
    "weak copyleft per file: allowed as long as its files are used unmodified (a changed MPL file must be published under MPL-2.0)",
};

/**
 * Packages whose declared licence is not on the list (or not declared at all) but that were
 * read and accepted. Matched by name and by the licence text as declared (`null`: none), so a
 * package that changes its licence is checked again instead of passing on an old review.
 */
export const LICENCE_EXCEPTIONS = {
  "zapier-platform-core": {
    declared: "SEE LICENSE IN LICENSE",
    reason:
      "Zapier Platform Agreement. The Zapier integration (integrations/zapier) is an app for Zapier's platform and needs Zapier's own core library, which runs it there; Errand's server never loads it.",
  },
  "zapier-platform-schema": {
    declared: "SEE LICENSE IN LICENSE",
    reason: "Zapier Platform Agreement; part of zapier-platform-core (above).",
  },
  "json-metaschema": {
    declared: "Public Domain",
    reason: "JSON Schema's own meta-schemas, public domain; used by zapier-platform-schema.",
  },
  "humanize-number": {
    declared: null,
    reason: "MIT, as its README says (no license field); used by the test S3 server (s3rver, through koa-logger).",
  },
  only: { declared: null, reason: "MIT, as its README says (no license field); used by the test S3 server (s3rver, through koa)." },
  "urlsafe-base64": {
    declared: null,
    reason: "MIT, as its README says (no license field); used by zapier-platform-core (through fernet).",
  },
};
