/**
 * The document types, each declared once in types/<type>.ts. The order is the classifier's:
 * on equal scores the earlier type wins.
 */
import type { DocumentTypeDeclaration } from './declaration.ts';
import type { DocumentType, SupportedDocumentType } from './typeNames.ts';
import { pan } from './types/pan.ts';
import { aadhaar } from './types/aadhaar.ts';
import { invoice } from './types/invoice.ts';
import { imeiCloseupImage } from './types/imeiCloseupImage.ts';
import { deliveryOrder } from './types/deliveryOrder.ts';
import { gstCert } from './types/gstCert.ts';
import { udyamCert } from './types/udyamCert.ts';
import { fssaiCertificate } from './types/fssaiCertificate.ts';
import { shopActLicense } from './types/shopActLicense.ts';
import { purchaseOrder } from './types/purchaseOrder.ts';
import { bankStatement } from './types/bankStatement.ts';
import { ebill } from './types/ebill.ts';
import { assetOpenBoxImage } from './types/assetOpenBoxImage.ts';

/** Keyed by type so that a type left undeclared is a compile error; a test checks each key names its declaration. */
export const DECLARED = {
  PAN: pan,
  AADHAAR: aadhaar,
  INVOICE: invoice,
  IMEI_CLOSEUP_IMAGE: imeiCloseupImage,
  DELIVERY_ORDER: deliveryOrder,
  GST_CERT: gstCert,
  UDYAM_CERT: udyamCert,
  FSSAI_CERTIFICATE: fssaiCertificate,
  SHOP_ACT_LICENSE: shopActLicense,
  PURCHASE_ORDER: purchaseOrder,
  BANK_STATEMENT: bankStatement,
  EBILL: ebill,
  ASSET_OPEN_BOX_IMAGE: assetOpenBoxImage,
} as const satisfies Record<SupportedDocumentType, DocumentTypeDeclaration>;

export const DECLARATIONS: readonly DocumentTypeDeclaration[] = Object.values(DECLARED);

export function declaration(type: SupportedDocumentType): DocumentTypeDeclaration {
  return DECLARED[type];
}

/** The declaration of a classified type; undefined for UNKNOWN. */
export function declarationOf(type: DocumentType): DocumentTypeDeclaration | undefined {
  return type === 'UNKNOWN' ? undefined : DECLARED[type];
}
