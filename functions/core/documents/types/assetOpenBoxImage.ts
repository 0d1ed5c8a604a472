/** Open-box photo of the asset with the customer: recognised from the image (little text, a face), not from text cues. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { extractOpenBox } from '../fields/openBox.ts';

export const assetOpenBoxImage: DocumentTypeDeclaration = {
  type: 'ASSET_OPEN_BOX_IMAGE',
  cues: [],
  fields: {
    customer_present: 'string',
    number_of_faces_visible: 'number',
  },
  extract: extractOpenBox,
  addressFields: [],
  pageImage: false,
  sparseReread: false,
};
