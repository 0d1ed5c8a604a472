/** The document types the service classifies and extracts. */
export const DOCUMENT_TYPES = [
  'INVOICE',
  'IMEI_CLOSEUP_IMAGE',
  'ASSET_OPEN_BOX_IMAGE',
  'AADHAAR',
  'PAN',
  'DELIVERY_ORDER',
  'BANK_STATEMENT',
  'EBILL',
  'FSSAI_CERTIFICATE',
  'GST_CERT',
  'PURCHASE_ORDER',
  'SHOP_ACT_LICENSE',
  'UDYAM_CERT',
] as const;

export type SupportedDocumentType = (typeof DOCUMENT_TYPES)[number];
export type DocumentType = SupportedDocumentType | 'UNKNOWN';

export function isDocumentType(s: string): s is SupportedDocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(s);
}
