/**
 * Textract AnalyzeExpense as a layout source. An AnalyzeExpense response is not a Block list: each
 * ExpenseDocument has SummaryFields (a normalised Type such as VENDOR_NAME, INVOICE_RECEIPT_ID,
 * TOTAL or TAX_PAYER_ID; the printed label if any, LabelDetection; the value, ValueDetection; each
 * with its own Geometry and Confidence; GroupProperties saying which party a NAME or ADDRESS
 * belongs to: VENDOR, RECEIVER_BILL_TO, RECEIVER_SHIP_TO...), LineItemGroups (rows of ITEM,
 * QUANTITY, PRICE, UNIT_PRICE and the whole row as EXPENSE_ROW) and, in current responses, the
 * page's PAGE/LINE/WORD Blocks.
 *
 * - `expenseFields()` reads the summary fields as key-value pairs of the layout model (label as
 *   key, value words resolved against the response's own WORD blocks) with the type, party,
 *   confidence and currency kept, so a mapper may prefer a typed VENDOR_NAME to any label search;
 * - `expenseBlocks()` is the stored form (the pipeline keeps Blocks only): the text blocks plus one
 *   QUERY/QUERY_RESULT pair per summary field, aliased by its type (`expenseAlias`), which is
 *   Textract's own shape for a named answer: `new DocumentModel(blocks).queryAnswer('VENDOR_NAME')`.
 *   No KEY_VALUE_SET is written: FORMS pairs replace the derived ones, and AnalyzeExpense labels
 *   only the fields it types, so the locally derived pairs stay the layout.
 *
 * Real responses this follows (never copied): aws-samples/amazon-textract-textractor
 * tests/fixtures/saved_api_responses/test_analyze_expense_from_image.json, and
 * aws-samples/amazon-textract-response-parser src-js/test/data/invoice-expense-response.json
 * (multi-line ADDRESS values, one value under two types, a ValueDetection with confidence 0),
 * expense-missing-geoms-response.json (ValueDetection without Geometry).
 */
import { DocumentModel, unionBox, type Block, type BoundingBox, type Geometry, type Word } from './blocks.ts';
import type { KeyValue } from './layout.ts';

interface ExpenseDetectionShape {
  Text?: string;
  Geometry?: Geometry;
  Confidence?: number;
}

interface ExpenseFieldShape {
  Type?: { Text?: string; Confidence?: number };
  LabelDetection?: ExpenseDetectionShape;
  ValueDetection?: ExpenseDetectionShape;
  PageNumber?: number;
  Currency?: { Code?: string; Confidence?: number };
  GroupProperties?: { Types?: string[]; Id?: string }[];
}

/** The subset of AnalyzeExpense's response we read (a structural copy: the core imports no SDK). */
export interface ExpenseResponse {
  DocumentMetadata?: { Pages?: number };
  ExpenseDocuments?: {
    ExpenseIndex?: number;
    SummaryFields?: ExpenseFieldShape[];
    LineItemGroups?: { LineItemGroupIndex?: number; LineItems?: { LineItemExpenseFields?: ExpenseFieldShape[] }[] }[];
    Blocks?: Block[];
  }[];
}

/** A summary field (or a line item's field) as a key-value pair of the layout model. */
export interface ExpenseField extends KeyValue {
  /** Textract's normalised type: VENDOR_NAME, NAME, ADDRESS, INVOICE_RECEIPT_ID, TOTAL, OTHER... */
  type: string;
  /** The parties the field belongs to (GroupProperties' Types: VENDOR, RECEIVER_BILL_TO, ...). */
  groups: string[];
  /** The same Id joins the NAME and ADDRESS of one party. */
  groupId?: string;
  /** The stored alias: the type, qualified by the most specific party for generic types (RECEIVER_BILL_TO_ADDRESS). */
  alias: string;
  /** The value's detection confidence, 0..100. */
  confidence: number;
  typeConfidence: number;
  /** ISO code when Textract read a currency (INR). */
  currency?: string;
  /** Which ExpenseDocument (a file may hold several receipts). */
  expenseIndex: number;
}

export interface ExpenseLineItem {
  expenseIndex: number;
  group: number;
  fields: ExpenseField[];
}

/** Types that name a party only through GroupProperties. */
const GENERIC = new Set(['NAME', 'ADDRESS', 'ADDRESS_BLOCK', 'STREET', 'CITY', 'STATE', 'ZIP_CODE', 'COUNTRY', 'PHONE', 'TAX_PAYER_ID']);

/** The alias a field is stored under: its type, or PARTY_TYPE for a generic type of a named party. */
export function expenseAlias(type: string, groups: readonly string[]): string {
  const party = [...groups].sort((a, b) => b.length - a.length)[0];
  return party && GENERIC.has(type) ? `${party}_${type}` : type;
}

/** Multi-line values (ADDRESS, ADDRESS_BLOCK) one line, the way our address fields read. */
function oneLine(text: string): string {
  return text
    .split(/\n+/)
    .map((l) => l.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ');
}

function textBlocks(response: ExpenseResponse): Block[] {
  return (response.ExpenseDocuments ?? []).flatMap((d) => d.Blocks ?? []);
}

/** Words of the page whose centre lies inside `box` (a detection's box, grown by a quarter of its height). */
function wordsInside(words: readonly Word[], page: number, box: BoundingBox | undefined): Word[] {
  if (!box) return [];
  const m = box.Height / 4;
  return words.filter((w) => {
    const x = w.box.Left + w.box.Width / 2;
    const y = w.box.Top + w.box.Height / 2;
    return w.page === page && x >= box.Left - m && x <= box.Left + box.Width + m && y >= box.Top - m && y <= box.Top + box.Height + m;
  });
}

function readField(f: ExpenseFieldShape, expenseIndex: number, words: readonly Word[]): ExpenseField | undefined {
  const type = f.Type?.Text;
  if (!type) return undefined;
  const page = f.PageNumber ?? 1;
  const groups = (f.GroupProperties ?? []).flatMap((g) => g.Types ?? []);
  const labelBox = f.LabelDetection?.Geometry?.BoundingBox;
  const valueBox = f.ValueDetection?.Geometry?.BoundingBox;
  const keyWords = wordsInside(words, page, labelBox);
  const valueWords = wordsInside(words, page, valueBox).filter((w) => !keyWords.includes(w));
  return {
    page,
    key: (f.LabelDetection?.Text ?? '').replace(/[\s:：.\-–#]+$/, '').trim(),
    keyWords,
    keyBox: labelBox ?? unionBox(keyWords.map((w) => w.box)),
    value: oneLine(f.ValueDetection?.Text ?? ''),
    valueWords,
    valueBox: valueBox ?? unionBox(valueWords.map((w) => w.box)),
    via: 'textract',
    type,
    groups,
    groupId: f.GroupProperties?.find((g) => g.Id)?.Id,
    alias: expenseAlias(type, groups),
    confidence: f.ValueDetection?.Confidence ?? 0,
    typeConfidence: f.Type?.Confidence ?? 0,
    currency: f.Currency?.Code,
    expenseIndex,
  };
}

/** Summary fields of every ExpenseDocument, in response order. */
export function expenseFields(response: ExpenseResponse): ExpenseField[] {
  const words = new DocumentModel(textBlocks(response)).words;
  return (response.ExpenseDocuments ?? []).flatMap((d, i) =>
    (d.SummaryFields ?? []).map((f) => readField(f, d.ExpenseIndex ?? i + 1, words)).filter((f): f is ExpenseField => !!f),
  );
}

/** Line items, one entry per row, fields in response order (EXPENSE_ROW is the whole row). */
export function expenseLineItems(response: ExpenseResponse): ExpenseLineItem[] {
  const words = new DocumentModel(textBlocks(response)).words;
  return (response.ExpenseDocuments ?? []).flatMap((d, i) =>
    (d.LineItemGroups ?? []).flatMap((g, gi) =>
      (g.LineItems ?? []).map((row) => ({
        expenseIndex: d.ExpenseIndex ?? i + 1,
        group: g.LineItemGroupIndex ?? gi + 1,
        fields: (row.LineItemExpenseFields ?? []).map((f) => readField(f, d.ExpenseIndex ?? i + 1, words)).filter((f): f is ExpenseField => !!f),
      })),
    ),
  );
}

/**
 * The best field for an alias (VENDOR_NAME finds a VENDOR_NAME field or a NAME of the VENDOR
 * party; RECEIVER_ADDRESS also takes RECEIVER_BILL_TO_ADDRESS, then the ship-to and sold-to
 * ones), non-empty values only, highest confidence first.
 */
export function pickExpenseField(fields: readonly ExpenseField[], alias: string): ExpenseField | undefined {
  const receiverParts = ['RECEIVER_BILL_TO', 'RECEIVER_SOLD_TO', 'RECEIVER_SHIP_TO'];
  const wanted = [alias, ...(alias.startsWith('RECEIVER_') ? receiverParts.map((p) => `${p}_${alias.slice('RECEIVER_'.length)}`) : [])];
  for (const a of wanted) {
    const hit = fields.filter((f) => f.value && (f.alias === a || f.type === a)).sort((x, y) => y.confidence - x.confidence)[0];
    if (hit) return hit;
  }
  return undefined;
}

function polygonOf(b: BoundingBox): Geometry {
  const r = b.Left + b.Width;
  const btm = b.Top + b.Height;
  return { BoundingBox: b, Polygon: [{ X: b.Left, Y: b.Top }, { X: r, Y: b.Top }, { X: r, Y: btm }, { X: b.Left, Y: btm }] };
}

/**
 * The stored form: the text blocks (the response's own, else `text`, the file's DetectDocumentText
 * blocks) with one QUERY/QUERY_RESULT pair per summary field (Query.Text the printed label, or the
 * type when none is printed; Alias `expenseAlias`), listed under their PAGE as Textract lists
 * its queries. A field without a value is a QUERY without an ANSWER, as Textract gives an
 * unanswered query.
 */
export function expenseBlocks(response: ExpenseResponse, text: readonly Block[] = []): Block[] {
  const own = textBlocks(response);
  const base = own.length ? own : [...text];
  const fields = (response.ExpenseDocuments ?? []).flatMap((d) => d.SummaryFields ?? []);
  const added: Block[] = [];
  const byPage = new Map<number, string[]>();
  fields.forEach((f, i) => {
    const type = f.Type?.Text;
    if (!type) return;
    const page = f.PageNumber ?? 1;
    const groups = (f.GroupProperties ?? []).flatMap((g) => g.Types ?? []);
    const qid = `expense-q-${i}`;
    const value = oneLine(f.ValueDetection?.Text ?? '');
    const box = f.ValueDetection?.Geometry?.BoundingBox;
    const answer: Block | undefined = value
      ? { BlockType: 'QUERY_RESULT', Id: `expense-a-${i}`, Page: page, Text: value, Confidence: f.ValueDetection?.Confidence ?? 0, ...(box ? { Geometry: f.ValueDetection?.Geometry?.Polygon ? f.ValueDetection.Geometry : polygonOf(box) } : {}) }
      : undefined;
    added.push({
      BlockType: 'QUERY',
      Id: qid,
      Page: page,
      Query: { Text: f.LabelDetection?.Text?.trim() || type, Alias: expenseAlias(type, groups) },
      ...(answer ? { Relationships: [{ Type: 'ANSWER' as const, Ids: [answer.Id] }] } : {}),
    });
    if (answer) added.push(answer);
    byPage.set(page, [...(byPage.get(page) ?? []), qid, ...(answer ? [answer.Id] : [])]);
  });
  const pages = base.filter((b) => b.BlockType === 'PAGE');
  const out = base.map((b) => {
    if (b.BlockType !== 'PAGE') return b;
    const n = b.Page ?? pages.indexOf(b) + 1;
    const ids = [...(b.Relationships ?? []).filter((r) => r.Type === 'CHILD').flatMap((r) => r.Ids), ...(byPage.get(n) ?? [])];
    return ids.length ? { ...b, Relationships: [{ Type: 'CHILD' as const, Ids: ids }] } : b;
  });
  return [...out, ...added];
}
