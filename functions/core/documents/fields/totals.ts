/** Labels of a document's total, best first: invoices and purchase orders print them alike. */
export const TOTAL_LABELS = [
  /grand\s*total/i,
  /total\s*invoice\s*(?:amount|value)/i,
  /invoice\s*(?:total|value|amount)/i,
  /net\s*(?:amount|payable|total)/i,
  /total\s*amount/i,
  /amount\s*payable/i,
  /(?<!sub[\s-]*)\btotal\b(?!\s*(?:tax|gst|qty|quantity|cgst|sgst|igst|discount|items?|in\s*words|savings?|units?|pcs))/i,
];
