/**
 * Field extraction dispatched by document type. Every type returns its full field set
 * (docs/document-fields.md); a field not found is '' / null / [] with confidence_score 0.
 */
import type { DocumentModel } from './blocks.ts';
import type { DocumentType } from './types.ts';
import type { ExtractOptions, ExtractionResult, Extractor } from './fields/common.ts';
import { extractAadhaar } from './fields/aadhaar.ts';
import { extractBankStatement } from './fields/bankStatement.ts';
import { extractDeliveryOrder } from './fields/deliveryOrder.ts';
import { extractEbill } from './fields/ebill.ts';
import { extractFssai } from './fields/fssai.ts';
import { extractGstCert } from './fields/gstCert.ts';
import { extractImei } from './fields/imei.ts';
import { extractInvoice } from './fields/invoice.ts';
import { extractOpenBox } from './fields/openBox.ts';
import { extractPan } from './fields/pan.ts';
import { extractPurchaseOrder } from './fields/purchaseOrder.ts';
import { extractShopAct } from './fields/shopAct.ts';
import { extractUdyam } from './fields/udyam.ts';
import { applyPlausibility } from './plausibility.ts';

export const EXTRACTORS: Record<Exclude<DocumentType, 'UNKNOWN'>, Extractor> = {
  INVOICE: extractInvoice,
  IMEI_CLOSEUP_IMAGE: extractImei,
  ASSET_OPEN_BOX_IMAGE: extractOpenBox,
  AADHAAR: extractAadhaar,
  PAN: extractPan,
  DELIVERY_ORDER: extractDeliveryOrder,
  BANK_STATEMENT: extractBankStatement,
  EBILL: extractEbill,
  FSSAI_CERTIFICATE: extractFssai,
  GST_CERT: extractGstCert,
  PURCHASE_ORDER: extractPurchaseOrder,
  SHOP_ACT_LICENSE: extractShopAct,
  UDYAM_CERT: extractUdyam,
};

/** Extract the type's fields. UNKNOWN yields empty data (the pipeline reports UNRECOGNISED). */
export function extractFields(type: DocumentType, model: DocumentModel, opts: ExtractOptions = {}): ExtractionResult {
  if (type === 'UNKNOWN') return { data: {} };
  const result = EXTRACTORS[type](model, opts);
  applyPlausibility(result.data);
  return result;
}
