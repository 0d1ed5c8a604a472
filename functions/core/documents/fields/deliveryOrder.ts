/**
 * Delivery order (financier's instruction to the dealer to hand over the asset):
 * dealer_address, customer_name, customer_mobile_number (the cross-checked fields) plus
 * dealer_name, order_number, order_date, asset_model, amount.
 */
import { findMobiles } from '../validators.ts';
import { addressUnder, letterheadLine, letterheadName } from './header.ts';
import { ID_VALUE } from './invoice.ts';
import {
  cleanName,
  complete,
  field,
  labelledAddress,
  labelledAmount,
  labelledDate,
  labelledText,
  looksLikeName,
  tidy,
  type ExtractedField,
  type Extractor,
  type FieldKind,
} from './common.ts';

export const DELIVERY_ORDER_FIELDS: Record<string, FieldKind> = {
  dealer_name: 'string',
  dealer_address: 'string',
  customer_name: 'string',
  customer_mobile_number: 'string',
  order_number: 'string',
  order_date: 'string',
  asset_model: 'string',
  amount: 'number',
};

/** Business names may contain "Mobile" ("Shree Ganesh Mobile"): only stop at real labels. */
const BUSINESS_STOP = /\s{2,}|\b(?:date|address|gstin|contact)\b|\b(?:mobile|mob|ph|phone)\s*(?:no)?\.?\s*:/i;
const NAME_STOP = /\s{2,}|\b(?:mobile|mob|ph|phone|date|address|contact)\b/i;

export const extractDeliveryOrder: Extractor = (model) => {
  const found: Record<string, ExtractedField | undefined> = {};

  const dealerLabel = model.findLine(/dealer(?:'s)?\s*name|name\s*of\s*(?:the\s*)?dealer/i);
  found.dealer_name =
    labelledText(model, [/dealer(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?dealer/i, /^\s*dealer\b/i], { via: ['same-line', 'right', 'below'], stop: BUSINESS_STOP, clean: cleanName }) ??
    letterheadName(model);

  found.dealer_address =
    labelledAddress(model, [/dealer(?:'s)?\s*address/i, /address\s*of\s*(?:the\s*)?dealer/i]) ??
    (dealerLabel ? addressUnder(model, dealerLabel.line) : undefined) ??
    addressUnder(model, letterheadLine(model));

  found.customer_name = labelledText(
    model,
    [/customer(?:'s)?\s*name/i, /(?:borrower|applicant|buyer)(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?(?:customer|borrower|applicant)/i, /\bcustomer\b/i],
    { via: ['same-line', 'right', 'below'], stop: NAME_STOP, clean: cleanName, accept: looksLikeName },
  );

  const custAt = model.findLine(/customer|borrower|applicant/i)?.line.index ?? 0;
  const mob = model.findLines(/mobile|mob\.?|phone|ph\.?|contact|cell/i).find((x) => x.line.index >= custAt && findMobiles(x.line.text).length);
  if (mob) {
    const m = findMobiles(mob.line.text)[0];
    found.customer_mobile_number = field(m.value, model.wordsInRange(mob.line, m.index, m.index + m.length), { kind: 'structure', pass: true });
  }

  found.order_number = labelledText(model, [/(?:\bD\.?\s?O\.?|delivery\s*order)\s*(?:no|number|#)\.?/i, /order\s*(?:no|number)\.?/i], {
    via: ['same-line', 'right', 'below'],
    pattern: ID_VALUE,
  });
  found.order_date = labelledDate(model, [/(?:\bD\.?\s?O\.?|delivery\s*order|order)\s*date/i, /\bdated?\b/i], { via: ['same-line', 'right', 'below'] });
  found.asset_model = labelledText(model, [/(?:asset|product|device|handset)?\s*model(?:\s*name)?/i, /\basset\b|\bproduct\b|\bdevice\b/i], {
    stop: /\s{2,}|\b(?:imei|colou?r|amount|price|serial)\b/i,
    clean: (s) => tidy(s.replace(/^(?:name|description)\s*[:\-]?\s*/i, '')),
    accept: (s) => s.length >= 2,
  });
  found.amount = labelledAmount(model, [/(?:loan|finance|disbursement|invoice|total|net)\s*amount/i, /\bamount\b/i, /asset\s*(?:cost|value|price)/i], { via: ['same-line', 'right'] });

  return { data: complete(DELIVERY_ORDER_FIELDS, found) };
};
