"use strict";

/**
 * A hidden polling trigger that only feeds a dropdown of another step (Zapier's "dynamic
 * dropdown"): the same shape for every list the app offers.
 */
const dropdownTrigger = ({ key, noun, label, description, perform, sample, canPaginate = false }) => ({
  key,
  noun,
  display: { label, description, hidden: true },
  operation: { type: "polling", perform, canPaginate, sample },
});

module.exports = { dropdownTrigger };
