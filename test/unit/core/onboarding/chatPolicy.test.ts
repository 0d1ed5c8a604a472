import { describe, expect, it } from 'vitest';
import { answer, read, type ChatContext } from '#core/onboarding/chatPolicy.ts';
import { converseRequest, promptContext } from '#core/onboarding/prompt.ts';
import { bedrockChatEngine } from '#adapters/chat/bedrock.ts';

const ctx = (over: Partial<ChatContext> = {}): ChatContext => ({
  productType: 'MSME_LOAN',
  flowState: 'ACTIVE',
  applicants: [
    { externalReferenceId: 'CUST-1', username: 'Asha Verma', applicantType: 'primary', deleted: false, checklist: { PAN: true, GST_CERT: false, BANK_STATEMENT: false } },
    { externalReferenceId: 'CO-1', username: 'Ravi Kumar', applicantType: 'coApplicant', deleted: false, checklist: { PAN: false } },
    { externalReferenceId: 'CO-2', username: 'Gone Person', applicantType: 'coApplicant', deleted: true, checklist: { PAN: false } },
  ],
  files: [
    { documentId: 'pan-1', externalReferenceId: 'CUST-1', status: 'PROCESSING_SUCCESS', documentType: 'PAN' },
    { documentId: 'gst-1', externalReferenceId: 'CUST-1', status: 'FAILED', documentType: 'GST_CERT', errorCode: 'INVALID_DOC', errorReason: 'no valid GSTIN' },
    { documentId: 'doc-10', externalReferenceId: 'CO-1', status: 'PROCESSING' },
  ],
  ...over,
});

describe('the local onboarding assistant', () => {
  it('lists what is missing for each live applicant (deleted ones left out)', () => {
    const { intent, reply } = answer('What documents are still missing?', ctx());
    expect(intent).toBe('missing');
    expect(reply).toBe(
      'Asha Verma (primary applicant CUST-1) still needs: GST registration certificate and bank statement. '
      + 'Ravi Kumar (co-applicant CO-1) still needs: PAN card. 1 uploaded document is still being processed and will be ticked off once read.',
    );
  });

  it('narrows "missing" to the applicant named by name or reference', () => {
    expect(answer('what does Ravi still need?', ctx()).reply).toBe('Ravi Kumar (co-applicant CO-1) still needs: PAN card. 1 uploaded document is still being processed and will be ticked off once read.');
    expect(answer('pending documents for CUST-1', ctx()).reply).toMatch(/^Asha Verma .* still needs: GST registration certificate and bank statement\./);
  });

  it('explains why a named document failed, and what failed when asked why', () => {
    expect(answer('why did gst-1 fail?', ctx()).reply).toBe('Document gst-1 failed (INVALID_DOC): it was recognised but did not pass validation; check that it is the original, complete and readable, and upload it again.');
    expect(answer('Why was my upload rejected?', ctx()).reply).toMatch(/^Document gst-1 failed \(INVALID_DOC\)/);
    expect(answer('status of my PAN', ctx()).reply).toBe('Document pan-1 was read successfully as a PAN card.');
    expect(answer('what happened to doc-10', ctx()).reply).toBe('Document doc-10 is being read now.');
    expect(answer('what happened to my udyam certificate?', ctx()).reply).toBe('No Udyam registration certificate has been uploaded yet in this application.');
  });

  it('explains a document type and how to upload it', () => {
    const { intent, reply } = answer('What is an FSSAI certificate and how do I upload it?', ctx());
    expect(intent).toBe('explain');
    expect(reply).toMatch(/^The FSSAI certificate is the food business licence .* To upload it, send a scan or photo .* \(JPEG, PNG or PDF\)\.$/);
  });

  it('says whether the flow is ready to submit', () => {
    expect(answer('Am I ready to submit?', ctx()).reply).toMatch(/^Not yet: Asha Verma .* needs GST registration certificate and bank statement; Ravi Kumar .* needs PAN card; some uploads are still being processed\.$/);
    const done = ctx({ applicants: ctx().applicants.map((a) => ({ ...a, checklist: Object.fromEntries(Object.keys(a.checklist).map((k) => [k, true])) })), files: [] });
    expect(answer('can I submit now?', done).reply).toMatch(/^Yes: /);
    expect(answer('can I submit now?', ctx({ flowState: 'COMPLETED' })).reply).toMatch(/already been submitted and closed/);
  });

  it('greets, and otherwise says what it can help with', () => {
    expect(answer('Hello', ctx()).intent).toBe('greeting');
    expect(answer('tell me a joke', ctx())).toEqual({ intent: 'help', reply: expect.stringMatching(/^I can tell you which documents are still missing/) });
  });

  it('never reads a name part it cannot match as a word as a mention', () => {
    const c = ctx({ applicants: [{ ...ctx().applicants[0], username: 'आशा वर्मा' }, ctx().applicants[1]] });
    expect(read('what is missing?', c).applicant).toBeUndefined();
    expect(read('what does ravi need?', c).applicant?.externalReferenceId).toBe('CO-1');
  });

  it('is deterministic, and reads the longest matching document id', () => {
    const c = ctx({ files: [...ctx().files, { documentId: 'doc-1', externalReferenceId: 'CO-1', status: 'FAILED', errorCode: 'UNRECOGNISED' }] });
    expect(read('status of doc-10', c).file?.documentId).toBe('doc-10');
    expect(answer('status of doc-1', c).reply).toMatch(/^Document doc-1 failed \(UNRECOGNISED\)/);
    expect(answer('What is missing?', c)).toEqual(answer('What is missing?', c));
  });
});

describe('the Bedrock prompt and adapter', () => {
  it('leaves names, extracted values and deleted applicants out of the state sent', () => {
    const sent = JSON.stringify(converseRequest('what is missing?', ctx()));
    expect(sent).not.toMatch(/Asha|Ravi|Gone Person/);
    expect(promptContext(ctx()).applicants.map((a) => a.reference)).toEqual(['CUST-1', 'CO-1']);
    expect(promptContext(ctx()).documents[1]).toEqual({ document_id: 'gst-1', applicant: 'CUST-1', status: 'FAILED', document_type: 'GST_CERT', error_code: 'INVALID_DOC' });
  });

  it('returns the model text, and fails (for a 422) on an error or an empty answer', async () => {
    const seen: unknown[] = [];
    const ok = bedrockChatEngine('model-x', async (input) => {
      seen.push(input);
      return { output: { message: { content: [{ text: ' Ravi still needs a PAN card. ' }] } }, stopReason: 'end_turn' };
    });
    expect(await ok.reply('what is missing?', ctx())).toBe('Ravi still needs a PAN card.');
    expect(seen[0]).toMatchObject({ modelId: 'model-x', inferenceConfig: { temperature: 0 } });
    await expect(bedrockChatEngine('m', async () => { throw Object.assign(new Error('x'), { name: 'ThrottlingException' }); }).reply('hi', ctx())).rejects.toThrow(/ThrottlingException/);
    await expect(bedrockChatEngine('m', async () => ({ output: { message: { content: [] } }, stopReason: 'max_tokens' })).reply('hi', ctx())).rejects.toThrow(/no text \(max_tokens\)/);
  });
});
