/**
 * AnalyzeExpense as a layout source: our fixture of an Indian tax invoice in the shape of published
 * AnalyzeExpense responses (test/fixtures/textract/README.md) read as typed key-value pairs, and
 * stored as Blocks a DocumentModel answers from.
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel } from '#core/documents/blocks.ts';
import { expenseAlias, expenseBlocks, expenseFields, expenseLineItems, pickExpenseField } from '#core/documents/expense.ts';
import { shapeProblems } from '../../fixtures/textract/shape.ts';
import { invoiceExpense } from '../../fixtures/textract/responses.ts';

describe('AnalyzeExpense reader', () => {
  it('reads summary fields as pairs: label, value (one line), words, boxes, type, party, confidence, currency', () => {
    const fields = expenseFields(invoiceExpense());
    const total = fields.find((f) => f.type === 'TOTAL')!;
    expect(total).toMatchObject({ key: 'Grand Total', value: 'Rs. 24,490.00', page: 1, currency: 'INR', via: 'textract', alias: 'TOTAL', expenseIndex: 1 });
    expect(total.confidence).toBeCloseTo(99.1);
    expect(total.keyWords.map((w) => w.text)).toEqual(['Grand', 'Total']);
    expect(total.valueWords.map((w) => w.text)).toEqual(['Rs.', '24,490.00']);
    expect(total.valueBox.Left).toBeGreaterThan(total.keyBox.Left);

    const billAddress = fields.find((f) => f.type === 'ADDRESS' && f.groups.includes('RECEIVER_BILL_TO'))!;
    expect(billAddress).toMatchObject({ alias: 'RECEIVER_BILL_TO_ADDRESS', key: 'Bill To', value: 'Flat 7, Sai Residency, Gangapur Road, Nashik - 422013' });
    expect(billAddress.valueWords.map((w) => w.text).join(' ')).toBe('Flat 7, Sai Residency, Gangapur Road, Nashik - 422013');
    expect(fields.find((f) => f.type === 'NAME' && f.groups.includes('RECEIVER_BILL_TO'))!.groupId).toBe(billAddress.groupId);

    const vendor = fields.find((f) => f.type === 'VENDOR_NAME')!;
    expect(vendor).toMatchObject({ key: '', value: 'Shree Ganesh Electronics', groups: [] });
    // A value Textract gives without geometry keeps its text; no words are guessed for it.
    expect(fields.find((f) => f.type === 'AMOUNT_DUE')).toMatchObject({ value: '24,490.00', valueWords: [], confidence: 61 });
  });

  it('picks a field by alias: typed VENDOR_NAME, a party\'s NAME, the bill-to address for RECEIVER_ADDRESS', () => {
    const fields = expenseFields(invoiceExpense());
    expect(pickExpenseField(fields, 'VENDOR_NAME')?.value).toBe('Shree Ganesh Electronics');
    expect(pickExpenseField(fields, 'VENDOR_ADDRESS')?.value).toBe('14, Station Road, Nashik - 422001');
    expect(pickExpenseField(fields, 'RECEIVER_ADDRESS')?.value).toBe('Flat 7, Sai Residency, Gangapur Road, Nashik - 422013');
    expect(pickExpenseField(fields, 'VENDOR_GST_NUMBER')?.value).toBe('27AAKFS4821M1Z6');
    expect(pickExpenseField(fields, 'DUE_DATE')).toBeUndefined();
    expect(expenseAlias('TAX_PAYER_ID', ['VENDOR'])).toBe('VENDOR_TAX_PAYER_ID');
    expect(expenseAlias('INVOICE_RECEIPT_ID', [])).toBe('INVOICE_RECEIPT_ID');
  });

  it('reads line items row by row', () => {
    const [row] = expenseLineItems(invoiceExpense());
    expect(row.fields.map((f) => [f.type, f.value])).toEqual([
      ['ITEM', 'Samsung Refrigerator RT28 253L'],
      ['QUANTITY', '1'],
      ['PRICE', '24,490.00'],
      ['EXPENSE_ROW', 'Samsung Refrigerator RT28 253L 1 24,490.00'],
    ]);
  });

  it('stores typed answers as QUERY/QUERY_RESULT blocks in the real shape; the text layout stays derived', () => {
    const response = invoiceExpense();
    const blocks = expenseBlocks(response);
    expect(shapeProblems(blocks)).toEqual([]);
    const m = new DocumentModel(blocks);
    expect(m.queryAnswer('VENDOR_NAME')).toMatchObject({ answer: 'Shree Ganesh Electronics', question: 'VENDOR_NAME', page: 1 });
    expect(m.queryAnswer('TOTAL')).toMatchObject({ answer: 'Rs. 24,490.00', question: 'Grand Total', box: expect.objectContaining({ Top: 0.3 }) });
    expect(m.queryAnswer('RECEIVER_BILL_TO_ADDRESS')?.answer).toBe('Flat 7, Sai Residency, Gangapur Road, Nashik - 422013');
    expect(m.queryAnswer('DUE_DATE')).toMatchObject({ answer: undefined });
    // No KEY_VALUE_SET: the derived pairs are still the layout.
    expect(m.layout.pairs.find((p) => p.key === 'Payment Mode')).toMatchObject({ value: 'UPI', via: 'colon' });
  });

  it('an older response without Blocks: the answers go onto the file\'s DetectDocumentText blocks', () => {
    const response = invoiceExpense();
    const text = response.ExpenseDocuments![0].Blocks!;
    delete response.ExpenseDocuments![0].Blocks;
    const blocks = expenseBlocks(response, text);
    expect(shapeProblems(blocks)).toEqual([]);
    expect(new DocumentModel(blocks).queryAnswer('INVOICE_RECEIPT_ID')?.answer).toBe('SGE/25-26/0418');
    expect(expenseFields(response).find((f) => f.type === 'TOTAL')).toMatchObject({ value: 'Rs. 24,490.00', valueWords: [] });
  });
});
