/**
 * The local onboarding assistant: a message is read for one intent (and the document type,
 * document or applicant it mentions) and answered from a template filled with the flow's state.
 * Deterministic: the same message over the same state always gets the same reply.
 */
import type { FileStatus } from './checklist.ts';

export interface ChatApplicant {
  externalReferenceId: string;
  username: string;
  applicantType: 'primary' | 'coApplicant';
  deleted: boolean;
  /** Document type -> uploaded and usable. */
  checklist: Record<string, boolean>;
}

export interface ChatFile {
  documentId: string;
  externalReferenceId: string;
  status: FileStatus;
  documentType?: string;
  errorCode?: string;
  errorReason?: string;
}

/** What the assistant may know about a flow: no extracted values, no URLs. */
export interface ChatContext {
  productType: string;
  flowState: 'ACTIVE' | 'COMPLETED';
  applicants: ChatApplicant[];
  files: ChatFile[];
}

export type Intent = 'greeting' | 'explain' | 'file_status' | 'ready' | 'missing' | 'help';

export const DOCUMENT_GUIDE: Readonly<Record<string, { label: string; what: string; how: string; pattern: RegExp }>> = {
  PAN: { label: 'PAN card', what: 'the Permanent Account Number card issued by the Income Tax Department; it proves identity and tax registration', how: 'a photo or scan of the front of the card, all four corners visible, no glare', pattern: /\bpan\b/ },
  AADHAAR: { label: 'Aadhaar card', what: 'the UIDAI identity card with a 12-digit number; only its last 4 digits are ever shown back', how: 'a photo or scan of the side with the photo and address', pattern: /\baadh?aa?r\b/ },
  BANK_STATEMENT: { label: 'bank statement', what: 'a statement of the account from the bank, showing the holder, account number, IFSC and transactions for a period', how: 'the PDF downloaded from net banking, or a scan of every page', pattern: /\bbank\s*statements?\b|\bstatement\b/ },
  EBILL: { label: 'electricity bill', what: 'a recent utility (electricity) bill, used as proof of address', how: 'the latest bill, as a PDF or a photo of the whole page', pattern: /\be-?bills?\b|\belectricity\b|\butility\b/ },
  FSSAI_CERTIFICATE: { label: 'FSSAI certificate', what: 'the food business licence or registration from the Food Safety and Standards Authority of India', how: 'a scan or photo of the certificate page with the licence number', pattern: /\bfssai\b|\bfood licen[cs]e\b/ },
  GST_CERT: { label: 'GST registration certificate', what: 'the GST registration certificate (Form REG-06) showing the business GSTIN', how: 'the PDF from the GST portal, or a scan of its first page', pattern: /\bgst(in)?\b/ },
  PURCHASE_ORDER: { label: 'purchase order', what: 'a purchase order raised to or by the business, showing buyer, supplier and amounts', how: 'a PDF or a clear photo of the order', pattern: /\bpurchase\s*orders?\b|\bp\.?o\.?\b/ },
  SHOP_ACT_LICENSE: { label: 'Shop Act licence', what: 'the Shops and Establishments registration of the business premises', how: 'a scan or photo of the licence', pattern: /\bshop\s*(act|establishment)|\bshop licen[cs]e\b/ },
  UDYAM_CERT: { label: 'Udyam registration certificate', what: 'the MSME (Udyam) registration certificate with the Udyam registration number', how: 'the PDF from the Udyam portal, or a scan of its first page', pattern: /\budyam\b|\bmsme cert/ },
  INVOICE: { label: 'invoice', what: 'the tax invoice of the purchase', how: 'a PDF or a clear photo of the whole invoice', pattern: /\binvoices?\b/ },
};

/** What a per-document error means to the person uploading, and what to do. */
const ERROR_EXPLANATIONS: Readonly<Record<string, string>> = {
  UNRECOGNISED: 'it could not be recognised as one of the documents this application accepts; upload a clearer copy of the right document',
  INVALID_DOC: 'it was recognised but did not pass validation; check that it is the original, complete and readable, and upload it again',
  PROCESSING_FAILED: 'it could not be processed (the file could not be downloaded or read); upload it again as a JPEG, PNG or PDF',
};

const label = (type: string) => DOCUMENT_GUIDE[type]?.label ?? type;
const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

export interface Reading {
  intent: Intent;
  documentType?: string;
  file?: ChatFile;
  applicant?: ChatApplicant;
  /** The message asks why something failed. */
  asksFailure?: boolean;
}

export function read(message: string, ctx: ChatContext): Reading {
  const text = message.toLowerCase();
  const documentType = Object.entries(DOCUMENT_GUIDE).find(([, g]) => g.pattern.test(text))?.[0];
  // Longest ids first: "doc-10" must not be read as "doc-1".
  const file = [...ctx.files].sort((a, b) => b.documentId.length - a.documentId.length)
    .find((f) => f.documentId.length >= 3 && text.includes(f.documentId.toLowerCase()));
  // A name part is a whole word of at least three letters (a non-Latin or short part cannot be matched safely).
  const mentions = (part: string) => /^[a-z]{3,}$/.test(part) && new RegExp(`\\b${part}\\b`).test(text);
  const applicant = ctx.applicants.find((a) => !a.deleted && (text.includes(a.externalReferenceId.toLowerCase())
    || a.username.toLowerCase().split(/\s+/).some(mentions)));
  const base = { documentType, file, applicant, asksFailure: /\b(fail(ed|ure)?|reject(ed)?|why|error)\b/.test(text) };
  if (/\b(what is|what's|what are|explain|meaning of|how (do|can|should) (i|we) (upload|send|share)|how to (upload|send|share))\b/.test(text) && documentType) return { intent: 'explain', ...base };
  if (file || /\b(fail(ed|ure)?|reject(ed)?|why|happen(ed)?|status|error|processed)\b/.test(text)) return { intent: 'file_status', ...base };
  if (/\b(ready|submit|complete|finish(ed)?|done)\b/.test(text)) return { intent: 'ready', ...base };
  if (/\b(missing|pending|remaining|left|still|need|required|checklist|which documents|what documents|upload)\b/.test(text)) return { intent: 'missing', ...base };
  if (/^\s*(hi|hello|hey|namaste|good (morning|afternoon|evening))\b/.test(text)) return { intent: 'greeting', ...base };
  return { intent: 'help', ...base };
}

const who = (a: ChatApplicant) => `${a.username} (${a.applicantType === 'primary' ? 'primary applicant' : 'co-applicant'} ${a.externalReferenceId})`;
const missingOf = (a: ChatApplicant) => Object.entries(a.checklist).filter(([, ok]) => !ok).map(([t]) => t);

function missingAnswer(ctx: ChatContext, only?: ChatApplicant): string {
  const applicants = (only ? [only] : ctx.applicants).filter((a) => !a.deleted);
  const lines = applicants.map((a) => {
    const missing = missingOf(a);
    return missing.length ? `${who(a)} still needs: ${list(missing.map(label))}.` : `${who(a)} has every document on the checklist.`;
  });
  const inFlight = ctx.files.filter((f) => f.status === 'UPLOAD_SUCCESS' || f.status === 'PROCESSING').length;
  if (inFlight) lines.push(`${inFlight} uploaded document${inFlight > 1 ? 's are' : ' is'} still being processed and will be ticked off once read.`);
  return lines.join(' ');
}

function fileAnswer(ctx: ChatContext, r: Reading): string {
  const files = r.file ? [r.file] : ctx.files.filter((f) => (!r.documentType || f.documentType === r.documentType) && (!r.applicant || f.externalReferenceId === r.applicant.externalReferenceId));
  if (!files.length) {
    return r.documentType ? `No ${label(r.documentType)} has been uploaded yet in this application.` : 'No documents have been uploaded in this application yet.';
  }
  const failed = files.filter((f) => f.status === 'FAILED');
  // "Why did it fail?" over several files: answer about the failed ones.
  const shown = !r.file && r.asksFailure && failed.length ? failed : files;
  return shown.map((f) => {
    const what = f.documentType ? label(f.documentType) : 'document';
    switch (f.status) {
      case 'UPLOAD_SUCCESS': return `Document ${f.documentId} was received and is waiting to be processed.`;
      case 'PROCESSING': return `Document ${f.documentId} is being read now.`;
      case 'PROCESSING_SUCCESS': return `Document ${f.documentId} was read successfully as a ${what}.`;
      default: return `Document ${f.documentId} failed (${f.errorCode ?? 'PROCESSING_FAILED'}): ${ERROR_EXPLANATIONS[f.errorCode ?? ''] ?? ERROR_EXPLANATIONS.PROCESSING_FAILED}.`;
    }
  }).join(' ');
}

function readyAnswer(ctx: ChatContext): string {
  if (ctx.flowState === 'COMPLETED') return 'This application has already been submitted and closed; no more documents can be added.';
  const blockers = ctx.applicants.filter((a) => !a.deleted && missingOf(a).length);
  const inFlight = ctx.files.some((f) => f.status === 'UPLOAD_SUCCESS' || f.status === 'PROCESSING');
  if (!blockers.length && !inFlight) return 'Yes: every applicant has every document on the checklist, and all uploads are processed. The application is ready to submit.';
  const reasons = blockers.map((a) => `${who(a)} still needs ${list(missingOf(a).map(label))}`);
  if (inFlight) reasons.push('some uploads are still being processed');
  return `Not yet: ${reasons.join('; ')}.`;
}

const HELP = 'I can tell you which documents are still missing for each applicant, what happened to an uploaded document and why it failed, what a document is and how to upload it, and whether the application is ready to submit.';

/** The reply to a message over the flow's state. */
export function answer(message: string, ctx: ChatContext): { intent: Intent; reply: string } {
  const r = read(message, ctx);
  switch (r.intent) {
    case 'explain': {
      const g = DOCUMENT_GUIDE[r.documentType!];
      return { intent: r.intent, reply: `The ${g.label} is ${g.what}. To upload it, send ${g.how} (JPEG, PNG or PDF).` };
    }
    case 'file_status':
      return { intent: r.intent, reply: fileAnswer(ctx, r) };
    case 'ready':
      return { intent: r.intent, reply: readyAnswer(ctx) };
    case 'missing':
      return { intent: r.intent, reply: missingAnswer(ctx, r.applicant) };
    case 'greeting':
      return { intent: r.intent, reply: `Hello! ${HELP}` };
    default:
      return { intent: 'help', reply: HELP };
  }
}
