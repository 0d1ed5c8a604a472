import { describe, expect, it } from 'vitest';
import { DocumentModel, extractFields, type Block } from '#core/documents/index.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import { pageFromRows as page } from './rows.ts';
import { isProse, looksLikeBareKey } from '#core/documents/layout.ts';

describe('layout model', () => {
  it('splits a merged line into cells and pairs a bare label with the cell beside it', () => {
    const m = page([[0.1, [0.07, 'Customer Name'], [0.35, 'Deepika Chauhan']], [0.13, [0.07, 'Invoice No: INV/2024/00017'], [0.6, 'Date: 14/06/2025']]]);
    const pairs = m.layout.pairs.map((p) => [p.key, p.value, p.via]);
    expect(pairs).toEqual([
      ['Customer Name', 'Deepika Chauhan', 'beside'],
      ['Invoice No', 'INV/2024/00017', 'colon'],
      ['Date', '14/06/2025', 'colon'],
    ]);
  });

  it('a colon standing in its own column separates key and value; a colon after the key stays the key\'s', () => {
    const m = page([
      [0.1, [0.07, 'Legal Name'], [0.3, ':'], [0.32, 'Sunita Kumari Tiwari']],
      [0.13, [0.07, 'Trade Name, if any'], [0.3, ': Rajdhani Hair Salon']],
      [0.16, [0.07, 'Constitution'], [0.3, ':'], [0.32, 'Partnership'], [0.55, 'Date of Registration'], [0.75, ':'], [0.77, '27/02/2022']],
      [0.19, [0.07, 'Name : Ritu Patel']],
    ]);
    expect(m.layout.pairs.map((p) => [p.key, p.value])).toEqual([
      ['Legal Name', 'Sunita Kumari Tiwari'],
      ['Trade Name, if any', 'Rajdhani Hair Salon'],
      ['Constitution', 'Partnership'],
      ['Date of Registration', '27/02/2022'],
      ['Name', 'Ritu Patel'],
    ]);
  });

  it('dotted leaders separate a key from its value; captions above values pair in two columns ("CATEGORY" is a label)', () => {
    const m = page([
      [0.1, [0.07, 'Certificate No.'], [0.25, '.............'], [0.45, 'SEA/RJ/458120']],
      [0.2, [0.07, 'ESTABLISHMENT NAME'], [0.5, 'CATEGORY']],
      [0.22, [0.07, 'Bhagyalaxmi Bakery & Confectionery'], [0.5, 'Commercial Establishment']],
    ]);
    expect(m.layout.pairs.map((p) => [p.key, p.value])).toEqual([
      ['Certificate No', 'SEA/RJ/458120'],
      ['ESTABLISHMENT NAME', 'Bhagyalaxmi Bakery & Confectionery'],
      ['CATEGORY', 'Commercial Establishment'],
    ]);
  });

  it('a line read across two label cells is a row of labels, not a sentence, though its stop words add up', () => {
    // "NAME OF THE ESTABLISHMENT ‖ NAME OF EMPLOYER": three stop words in one OCR line
    const m = page([
      [0.2, [0.07, 'NAME OF THE ESTABLISHMENT'], [0.5, 'NAME OF EMPLOYER']],
      [0.22, [0.07, 'Sanjeevani Textiles'], [0.5, 'Leela Solanki']],
      [0.25, [0.07, 'Postal Address of the Establishment'], [0.5, 'Father Name']],
      [0.27, [0.07, 'Plot 75, Vasant Vihar'], [0.5, 'Lokesh Solanki']],
    ]);
    expect(m.layout.isProseLine(m.lines[0])).toBe(false);
    expect(m.layout.pairs.map((p) => [p.key, p.value]).slice(0, 2)).toEqual([
      ['NAME OF THE ESTABLISHMENT', 'Sanjeevani Textiles'],
      ['NAME OF EMPLOYER', 'Leela Solanki'],
    ]);
    // a sentence stays one, even when OCR cut it in two
    expect(page([[0.1, [0.07, 'The employer shall intimate any change'], [0.6, 'within 30 days of the change']]]).layout.isProseLine(page([[0.1, [0.07, 'The employer shall intimate any change'], [0.6, 'within 30 days of the change']]]).lines[0])).toBe(true);
  });

  it('a summary strip: captions over right-aligned figures pair even when the figures do not start under them', () => {
    const m = page([
      [0.25, [0.02, 'Previous Balance'], [0.24, 'Payments'], [0.4, 'Current Charges'], [0.6, 'Total Amount Due'], [0.85, 'Pay By']],
      [0.27, [0.05, '367.73'], [0.25, '-367.73'], [0.42, '1,269.68'], [0.63, '1,269.68'], [0.83, '03-Oct-2025']],
    ]);
    expect(m.layout.pairs.map((p) => [p.key, p.value])).toEqual([
      ['Previous Balance', '367.73'],
      ['Payments', '-367.73'],
      ['Current Charges', '1,269.68'],
      ['Total Amount Due', '1,269.68'],
      ['Pay By', '03-Oct-2025'],
    ]);
  });

  it('never takes a label word inside a sentence as a key', () => {
    expect(isProse('We have sanctioned a loan to the customer named below. Kindly deliver the product')).toBe(true);
    expect(isProse('283, Gandhi Nagar, Andheri East, Pune, Maharashtra - 411418')).toBe(false);
    // an abbreviation's dot in an address is no sentence end; a lower-case word's is
    expect(isProse('Office Address Plot 80, Bypass Road, Opp. Petrol Pump, Indiranagar, Kolkata 700266,')).toBe(false);
    expect(isProse('Your bill for the period mentioned above is ready. Pay it before the due date')).toBe(true);
    const m = page([
      [0.1, [0.05, 'DELIVERY ORDER']],
      [0.2, [0.05, 'We have sanctioned a loan to the customer named below. Kindly deliver the asset on receipt of the down payment.']],
      [0.25, [0.07, 'Customer Name'], [0.35, 'Deepika Chauhan']],
      [0.28, [0.07, 'Contact No.'], [0.35, '9876501234']],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.customer_name.value).toBe('Deepika Chauhan');
  });

  it('reads a value under its label and a table of aligned columns', () => {
    const m = page([
      [0.1, [0.07, 'Bill To:']],
      [0.12, [0.07, 'Harish Mathew']],
      [0.2, [0.07, 'Sr'], [0.15, 'Description'], [0.6, 'Qty'], [0.8, 'Amount']],
      [0.22, [0.07, '1'], [0.15, 'Vivo Y28 5G'], [0.6, '1'], [0.8, '13,999.00']],
    ]);
    expect(m.layout.pairs.find((p) => p.key === 'Bill To')).toMatchObject({ value: 'Harish Mathew', via: 'below' });
    expect(m.layout.tables).toHaveLength(1);
    expect(m.layout.tables[0].rows.map((r) => r.map((c) => c.text))).toEqual([
      ['Sr', 'Description', 'Qty', 'Amount'],
      ['1', 'Vivo Y28 5G', '1', '13,999.00'],
    ]);
    const blocks = m.layout.toBlocks();
    const key = blocks.find((b) => b.BlockType === 'KEY_VALUE_SET' && b.EntityTypes?.includes('KEY'));
    expect(key?.Relationships?.map((r) => r.Type)).toEqual(['VALUE', 'CHILD']);
    expect(blocks.filter((b) => b.BlockType === 'CELL')).toHaveLength(8);
  });

  it('reads Textract FORMS blocks as the layout when the engine returned them', () => {
    const m = page([[0.1, [0.07, 'Customer Name'], [0.35, 'Deepika Chauhan']]]);
    const derived = m.layout.toBlocks();
    const words = (m as unknown as { lines: { words: { id: string; text: string; box: unknown }[] }[] }).lines[0].words;
    const blocks: Block[] = [
      { BlockType: 'PAGE', Id: 'p', Page: 1, Relationships: [{ Type: 'CHILD', Ids: ['l0'] }] },
      { BlockType: 'LINE', Id: 'l0', Text: 'Customer Name Deepika Chauhan', Page: 1, Confidence: 95, Geometry: { BoundingBox: { Left: 0.07, Top: 0.1, Width: 0.5, Height: 0.015 } }, Relationships: [{ Type: 'CHILD', Ids: words.map((w) => w.id) }] },
      ...words.map((w) => ({ BlockType: 'WORD' as const, Id: w.id, Text: w.text, Confidence: 95, Page: 1, Geometry: { BoundingBox: w.box as never } })),
      ...derived,
    ];
    const t = new DocumentModel(blocks);
    expect(t.layout.pairs.map((p) => [p.key, p.value, p.via])).toEqual([['Customer Name', 'Deepika Chauhan', 'textract']]);
  });

  it('cases an outsider reported: salutation after "To,", the state under the PIN line, lyer for Iyer, PAN look-alikes', () => {
    const d = extractFields('DELIVERY_ORDER', modelFromLines(['DELIVERY ORDER', 'To,', 'The Proprietor / Manager', 'Royal Appliances', '71, Gandhi Nagar', 'Jaipur - 302497', 'Rajasthan', 'Please deliver the product mentioned below to our customer.']));
    expect(d.data.dealer_name.value).toBe('Royal Appliances');
    expect(d.data.dealer_address.value).toBe('71, Gandhi Nagar, Jaipur - 302497, Rajasthan');
    expect(extractFields('DELIVERY_ORDER', modelFromLines(['DELIVERY ORDER', 'Asset Model: OPPO Renoll 5G'])).data.asset_model.value).toBe('OPPO Reno11 5G');
    // The maker's name with its O read as 0, in the case it was printed; a model's own 0 stays ("Z90", "Redmi 10").
    for (const [read, want] of [['IQ00 Z9 LITE 5G 12/256', 'IQOO Z9 LITE 5G 12/256'], ['iQ00 Z90 Lite 5G', 'iQOO Z90 Lite 5G'], ['0PP0 A3x', 'OPPO A3x'], ['Redmi 10 Power', 'Redmi 10 Power']]) {
      expect(extractFields('DELIVERY_ORDER', modelFromLines(['DELIVERY ORDER', `Asset Model: ${read}`])).data.asset_model.value, read).toBe(want);
    }
    const a = extractFields('AADHAAR', modelFromLines(['GOVERNMENT OF INDIA', 'Swati lyer', 'DOB: 20/02/1976', 'FEMALE']));
    expect(a.data.name.value).toBe('Swati Iyer');
    for (const read of ['JNBPI1064Q', 'JNBPl1064Q', 'JNBP|1064Q', 'JNBPI 1064Q']) {
      const p = extractFields('PAN', modelFromLines(['INCOME TAX DEPARTMENT', 'Permanent Account Number Card', read, 'Name', 'SWATI IYER']));
      expect(p.error, read).toBeUndefined();
      expect(p.data.pan_number.value).toBe('JNBPI1064Q');
    }
  });

  it('an address stops at the next key and keeps to its column (no "Invoice Date" spliced in)', () => {
    const m = page([
      [0.1, [0.07, 'Bill To:']],
      [0.12, [0.07, 'Harish Mathew'], [0.6, 'Invoice No: INV-2291']],
      [0.14, [0.07, '12, MG Road'], [0.6, 'Invoice Date: 14/06/2025']],
      [0.16, [0.07, 'Kothrud, Pune - 411038']],
      [0.18, [0.07, 'Maharashtra']],
      [0.2, [0.07, 'Mobile: 9876501234']],
    ]);
    const r = extractFields('INVOICE', m).data;
    expect(r.customer_name.value).toBe('Harish Mathew');
    expect(r.customer_address.value).toBe('12, MG Road, Kothrud, Pune - 411038, Maharashtra');
    expect(r.invoice_date.value).toBe('14/06/2025');
  });
});

describe('a firm\'s name is no label', () => {
  it('a name ending in its legal form is a value, though it holds a label word ("ENTERPRISES", "COMPANY")', () => {
    expect(looksLikeBareKey('KRISHNA ENTERPRISES PRIVATE LIMITED')).toBe(false);
    expect(looksLikeBareKey('Navrang Enterprises')).toBe(false);
    expect(looksLikeBareKey('Shah Trading Company Pvt. Ltd.')).toBe(false);
    expect(looksLikeBareKey('Enterprise Name')).toBe(true);
    expect(looksLikeBareKey('Legal Name')).toBe(true);
    const m = page([[0.1, [0.05, 'Legal Name'], [0.45, 'KRISHNA ENTERPRISES PRIVATE LIMITED']], [0.14, [0.05, 'Trade Name'], [0.45, 'KRISHNA HOME APPLIANCES']]]);
    expect(m.layout.pairs.map((p) => [p.key, p.value])).toEqual([['Legal Name', 'KRISHNA ENTERPRISES PRIVATE LIMITED'], ['Trade Name', 'KRISHNA HOME APPLIANCES']]);
  });
});

describe('rows of a blurred line', () => {
  it('cells of one OCR line that overlap in height share a row even when a speck opened it (dev2 blurred bill)', () => {
    // [text, left, top, height] of each word of one line, as tesseract boxed them on a blurred photo
    const words: [string, number, number, number][] = [
      ['Address', 0.047, 0.1652, 0.0187],
      ['SHOP', 0.2, 0.1677, 0.0086],
      ['NO.', 0.245, 0.1677, 0.0086],
      ['34,', 0.276, 0.1677, 0.0086],
      ['FLOOR,', 0.371, 0.1652, 0.0187],
      ['AM', 0.491, 0.1677, 0.0051],
      ['Bill', 0.608, 0.1712, 0.0081],
      ['Month', 0.634, 0.1712, 0.0081],
      ['NOV-2024', 0.786, 0.1702, 0.0091],
    ];
    const blocks: Block[] = [
      { BlockType: 'PAGE', Id: 'p', Page: 1, Relationships: [{ Type: 'CHILD', Ids: ['l'] }] },
      { BlockType: 'LINE', Id: 'l', Page: 1, Text: words.map((w) => w[0]).join(' '), Confidence: 95, Geometry: { BoundingBox: { Left: 0.047, Top: 0.1652, Width: 0.8, Height: 0.0187 } }, Relationships: [{ Type: 'CHILD', Ids: words.map((_, i) => `w${i}`) }] },
      ...words.map(([t, left, top, h], i): Block => ({ BlockType: 'WORD', Id: `w${i}`, Page: 1, Text: t, Confidence: 95, Geometry: { BoundingBox: { Left: left, Top: top, Width: 0.009 * t.length, Height: h } } })),
    ];
    const m = new DocumentModel(blocks);
    const row = m.layout.rows.find((r) => r.some((s) => s.text === 'Address'))!;
    expect(row.map((s) => s.text)).toContain('SHOP NO. 34,');
    expect(m.layout.pairs.find((p) => p.key === 'Address')?.value).toBe('SHOP NO. 34,');
  });
});
