import { CONSUMER_DURABLE_LOAN_CROSS_CHECKS } from '../crossCheck/rules.ts';
import type { CrossCheckRule } from '../crossCheck/types.ts';

/**
 * Product configuration as data: which document types a product accepts, the onboarding
 * checklist per applicant type, and the cross-checks of its v3 flows.
 * A document classified outside its product's list is UNRECOGNISED.
 */
export const CHECKLIST_DOCUMENT_TYPES = [
  'BANK_STATEMENT', 'EBILL', 'FSSAI_CERTIFICATE', 'GST_CERT', 'PAN', 'PURCHASE_ORDER', 'SHOP_ACT_LICENSE', 'UDYAM_CERT',
] as const;

export interface Product {
  productType: string;
  /** Document types this product accepts. */
  documentTypes: readonly string[];
  /** Onboarding (v2) checklist per applicant type. */
  checklist: { primary: readonly string[]; coApplicant: readonly string[] };
  crossChecks: readonly CrossCheckRule[];
}

const catalogue: Readonly<Record<string, Product>> = {
  CONSUMER_DURABLE_LOAN: {
    productType: 'CONSUMER_DURABLE_LOAN',
    documentTypes: ['INVOICE', 'IMEI_CLOSEUP_IMAGE', 'ASSET_OPEN_BOX_IMAGE', 'AADHAAR', 'PAN', 'DELIVERY_ORDER'],
    checklist: { primary: ['AADHAAR', 'PAN'], coApplicant: ['AADHAAR', 'PAN'] },
    crossChecks: CONSUMER_DURABLE_LOAN_CROSS_CHECKS,
  },
  MSME_LOAN: {
    productType: 'MSME_LOAN',
    documentTypes: CHECKLIST_DOCUMENT_TYPES,
    checklist: {
      primary: CHECKLIST_DOCUMENT_TYPES,
      // A co-applicant (a partner or guarantor) proves identity and income, not the business.
      coApplicant: ['PAN', 'BANK_STATEMENT', 'EBILL'],
    },
    // Checklist documents carry no pairwise checks in the spec; MSME flows report none.
    crossChecks: [],
  },
};

/**
 * A Map, not a plain object: `product_type` comes from requests, and a plain-object lookup of
 * `constructor`, `toString` or `__proto__` finds Object.prototype's members instead of nothing.
 */
const products: ReadonlyMap<string, Product> = new Map(Object.entries(catalogue));

export const productTypes = () => [...products.keys()];

export class UnknownProductError extends Error {
  constructor(readonly productType: string) {
    super(`Unknown product_type: ${productType}. Known: ${productTypes().join(', ')}`);
    this.name = 'UnknownProductError';
  }
}

export function findProduct(productType: string): Product {
  const product = products.get(productType);
  if (!product) throw new UnknownProductError(productType);
  return product;
}
