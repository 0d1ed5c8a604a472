import { describe, expect, it } from 'vitest';
import { DECLARATIONS, DOCUMENT_TYPES, declaration, declarationOf } from '#core/documents/index.ts';
import { DECLARED } from '#core/documents/registry.ts';

describe('document type registry', () => {
  it('declares every supported type once, under its own name', () => {
    expect(DECLARATIONS.map((d) => d.type).sort()).toEqual([...DOCUMENT_TYPES].sort());
    for (const [key, d] of Object.entries(DECLARED)) expect(d.type).toBe(key);
  });

  it('lists address fields and vocabularies only for fields the type returns', () => {
    for (const d of DECLARATIONS) {
      for (const a of d.addressFields) expect(Object.keys(d.fields), `${d.type} ${a}`).toContain(a);
      // customer_mobile_number is returned by an invoice only when printed, so it is not in the list.
      for (const f of Object.keys(d.vocabulary ?? {})) expect([...Object.keys(d.fields), 'customer_mobile_number'], `${d.type} ${f}`).toContain(f);
    }
  });

  it('keeps the page rules the pipeline relies on', () => {
    expect(DECLARATIONS.filter((d) => d.pageImage).map((d) => d.type).sort()).toEqual(['AADHAAR', 'PAN']);
    expect(DECLARATIONS.filter((d) => d.sparseReread).map((d) => d.type)).toEqual(['IMEI_CLOSEUP_IMAGE']);
    expect(declaration('INVOICE').addressFields).toEqual(['customer_address', 'dealer_address']);
    expect(declarationOf('UNKNOWN')).toBeUndefined();
  });

  it('gives every text-classified type cues, and the open-box photo none', () => {
    for (const d of DECLARATIONS) expect(d.cues.length > 0, d.type).toBe(d.type !== 'ASSET_OPEN_BOX_IMAGE');
  });
});
