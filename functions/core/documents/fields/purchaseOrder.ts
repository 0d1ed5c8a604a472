/** Purchase order: po_number, po_date, buyer_name, supplier_name, total_amount. */
import { letterheadName } from './header.ts';
import { ID_VALUE } from './referenceNumber.ts';
import { TOTAL_LABELS } from './totals.ts';
import { REPAIR_PENALTY } from '../confidence.ts';
import { cleanName, labelledAmount, labelledDate, labelledText, repairEchoPrefix, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';

const NAME_STOP = /\s{2,}|\b(?:gstin|address|date|phone|mobile|po\s*no)\b/i;

export const extractPurchaseOrder: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  const po = labelledText(model, [/(?:\bP\.?\s?O\.?|purchase\s*order)\s*(?:no|number|#)\.?/i, /order\s*(?:no|number)\.?/i], { ...VIA, pattern: ID_VALUE });
  if (po && typeof po.value === 'string') {
    const r = repairEchoPrefix(po.value, ['PO']);
    found.po_number = r.repairs ? { ...po, value: r.value, confidence_score: Math.max(0, Math.round((po.confidence_score - REPAIR_PENALTY * r.repairs) * 1000) / 1000) } : po;
  }
  found.po_date = labelledDate(model, V('po_date').labels, VIA);
  // The issuer of a purchase order is the buyer: a "Buyer" label, else the letterhead.
  found.buyer_name =
    labelledText(model, V('buyer_name').labels, { ...VIA, stop: NAME_STOP, clean: cleanName, accept: (s) => s.length >= 3 }) ??
    letterheadName(model);
  found.supplier_name = labelledText(model, V('supplier_name').labels, {
    ...VIA,
    stop: NAME_STOP,
    clean: (s) => cleanName(s.replace(/^(?:m\/s\.?\s*)/i, '')),
    accept: (s) => s.length >= 3,
  });
  found.total_amount = labelledAmount(model, TOTAL_LABELS, { via: ['same-line', 'right'] });
  return { found };
};
