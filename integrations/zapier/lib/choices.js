"use strict";

/** A field's fixed choices from [value, label] pairs; Zapier shows `sample` where a value is expected. */
const choicesOf = (pairs) => pairs.map(([value, label]) => ({ value, sample: value, label }));

module.exports = { choicesOf };
