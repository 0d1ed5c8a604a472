/** Cross-check rules, declared as data; products pick theirs in core/products/catalogue.ts. */
import type { CrossCheckRule } from './types.ts';

/** Field name used in PHOTO_MATCH items for the face on an identity document. */
export const PHOTO_FIELD = 'photo';
/** Field name used in PHOTO_MATCH items for the faces seen in a photo. */
export const FACES_FIELD = 'faces';

export const CONSUMER_DURABLE_LOAN_CROSS_CHECKS: readonly CrossCheckRule[] = [
  {
    name: 'DEALER_ADDRESS',
    source: { doc: 'INVOICE', field: 'dealer_address' },
    targets: [{ doc: 'DELIVERY_ORDER', field: 'dealer_address' }],
    compare: 'address',
  },
  {
    name: 'CUSTOMER_NAME',
    source: { doc: 'INVOICE', field: 'customer_name' },
    targets: [
      { doc: 'DELIVERY_ORDER', field: 'customer_name' },
      { doc: 'AADHAAR', field: 'name' },
      { doc: 'PAN', field: 'name_as_per_pan' },
    ],
    compare: 'name',
  },
  {
    name: 'CUSTOMER_MOBILE_NUMBER',
    source: { doc: 'DELIVERY_ORDER', field: 'customer_mobile_number' },
    targets: [{ doc: 'INVOICE', field: 'customer_mobile_number' }],
    compare: 'mobile',
  },
  {
    name: 'PHOTO_MATCH',
    source: { doc: 'AADHAAR', field: PHOTO_FIELD },
    targets: [{ doc: 'ASSET_OPEN_BOX_IMAGE', field: FACES_FIELD }],
    compare: 'face',
  },
];
