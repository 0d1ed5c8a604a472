/** Labels of a document's total, best first: invoices and purchase orders print them alike. */
export const TOTAL_LABELS = [
  /grand\s*total|\bG\.\s*Total\b/i,
  // the payable total of a receipt or a GST invoice: "Total Incl. GST", "Total (inclusive of tax)", "Total Sales Incl GST"
  // (abbreviated on a bill book's or a GST invoice's ladder: "TOTAL AMT (INCL. GST)", "AMT PAYABLE")
  /total\s*(?:amount|amt\b\.?|sales|invoice\s*value)?\s*\(?\s*(?:incl?\.?|inclusive)\s*(?:of\s*)?(?:gst|tax|taxes|sst|vat|all\s*taxes)\b/i,
  /total\s*(?:amount\s*)?payable/i,
  // (an e-invoice's totals row abbreviates it: "Total Inv. Amt", "Tot. Inv. Value")
  /total\s*invoice\s*(?:amount|value)|\btot(?:al|\.)\s*inv\.?\s*(?:amt|amount|val(?:ue)?)\b/i,
  /invoice\s*(?:total|value|amount)/i,
  // ("Net Amt" as a bill's totals row abbreviates it)
  /net\s*(?:amount|amt\b\.?|payable|total)/i,
  /total\s*(?:amount|amt\b\.?)/i,
  /(?:amount|\bamt\b\.?)\s*payable/i,
  // a bill book's or a challan cum bill's total: "Bill Amount"
  /\bbill\s*amount\b/i,
  // Not a part of the total: one tax band ("Total 6% supplies", "Total 0% supplies") or the amount before tax ("Total Excl GST").
  /(?<!(?:sub|tax|gst|sst|vat|cgst|sgst|igst)[\s-]*)\btotal\b(?!\s*(?:tax|gst|qty|quantity|cgst|sgst|igst|discount|items?|in\s*words|savings?|units?|pcs|excl|\S{1,3}\s*%))/i,
];
