import { describe, expect, it } from 'vitest';
import { attribute, checklist, fileStatus, masterStatus, requiredDocuments, type ApplicantRef, type FileView } from '#core/onboarding/checklist.ts';
import { findProduct } from '#core/products/catalogue.ts';

const applicants: ApplicantRef[] = [
  { externalReferenceId: 'CUST-1', username: 'Asha Verma', applicantType: 'primary' },
  { externalReferenceId: 'CO-1', username: 'Ravi Kumar Sharma', applicantType: 'coApplicant' },
  { externalReferenceId: 'CO-2', username: 'Meena Iyer', applicantType: 'coApplicant', deleted: true },
];
const done = (data: Record<string, unknown>, error_code = ''): FileView => ({ state: 'DONE', result: { data, error_code, error_reason: '' } });
const named = (field: string, value: string) => done({ document_type: 'PAN', [field]: { value, confidence_score: 0.9 } });

describe('which applicant a document belongs to', () => {
  it('is the one the upload named, whatever the document says', () => {
    expect(attribute('CO-1', named('name_as_per_pan', 'ASHA VERMA'), applicants)).toBe('CO-1');
  });
  it('else the applicant whose name matches the name read (spelling variants included)', () => {
    expect(attribute(undefined, named('name_as_per_pan', 'RAVI K SHARMA'), applicants)).toBe('CO-1');
    expect(attribute(undefined, named('account_holder', 'Mr. Ravi Kumar Sharma'), applicants)).toBe('CO-1');
  });
  it('else the primary: no match, a deleted applicant, or nothing read yet', () => {
    expect(attribute(undefined, named('name_as_per_pan', 'SURESH NAIR'), applicants)).toBe('CUST-1');
    expect(attribute(undefined, named('name', 'Meena Iyer'), applicants)).toBe('CUST-1');
    expect(attribute(undefined, { state: 'QUEUED' }, applicants)).toBe('CUST-1');
  });
});

describe('statuses and checklists', () => {
  it('maps file states to the four per-file statuses', () => {
    expect([{ state: 'QUEUED' }, { state: 'DOWNLOADED' }, done({}), done({}, 'UNRECOGNISED'), { state: 'FAILED' }].map((f) => fileStatus(f as FileView)))
      .toEqual(['UPLOAD_SUCCESS', 'PROCESSING', 'PROCESSING_SUCCESS', 'FAILED', 'FAILED']);
  });
  it('derives master_status from the files', () => {
    expect(masterStatus([])).toBe('NOT_STARTED');
    expect(masterStatus([done({}), { state: 'QUEUED' }])).toBe('IN_PROGRESS');
    expect(masterStatus([done({}), { state: 'FAILED' }])).toBe('SUCCESS');
    expect(masterStatus([{ state: 'FAILED' }])).toBe('FAILED');
  });
  it('takes the product list per applicant type unless the applicant has its own', () => {
    const msme = findProduct('MSME_LOAN');
    expect(requiredDocuments(msme, applicants[1])).toEqual(['PAN', 'BANK_STATEMENT', 'EBILL']);
    expect(requiredDocuments(msme, applicants[0])).toHaveLength(8);
    expect(requiredDocuments(msme, { ...applicants[1], userDocs: ['GST_CERT'] })).toEqual(['GST_CERT']);
  });
  it('ticks a type only for a usable document of that type', () => {
    expect(checklist(['PAN', 'EBILL', 'GST_CERT'], [done({ document_type: 'PAN' }), done({ document_type: 'EBILL' }, 'INVALID_DOC'), { state: 'DOWNLOADED', documentType: 'GST_CERT' }]))
      .toEqual({ PAN: true, EBILL: false, GST_CERT: false });
  });
});
