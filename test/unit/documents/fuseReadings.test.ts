import { describe, expect, it } from 'vitest';
import { DECLARATIONS, DocumentModel, extractFields, type Block } from '#core/documents/index.ts';
import { mapBox, toSource, type TextOrientation } from '#core/documents/blocks.ts';
import { alignChars, fitsNeighbours, fuseReadings } from '#core/documents/fuseReadings.ts';
import { IMPLAUSIBLE_CAP } from '#core/documents/plausibility.ts';
import { AGREED_FLOOR, DISAGREE_CAP, PRINTED_DISAGREE_CAP, SECOND_ONLY_CAP, charactersAcross, classifyUnreadPage, mergeReadings, needsSecondReading, readAlike, withSecondReading, type SecondReader } from '#core/documents/secondReading.ts';
import { classify } from '#core/documents/classify.ts';

/** One reading: lines of [text, left, width, confidence] words on a row at `top` (page 0..1 units). */
type W = [string, number, number, number];
function reading(prefix: string, rows: { top: number; words: W[]; conf?: number }[]): Block[] {
  const page: Block = { BlockType: 'PAGE', Id: `${prefix}p1`, Page: 1, Relationships: [{ Type: 'CHILD', Ids: [] }], Geometry: { BoundingBox: { Left: 0, Top: 0, Width: 1, Height: 1 } } };
  const out: Block[] = [page];
  rows.forEach((row, li) => {
    const id = `${prefix}p1-l${li}`;
    const words: Block[] = row.words.map(([text, left, width, conf], wi) => ({
      BlockType: 'WORD', Id: `${id}-w${wi}`, Text: text, Confidence: conf, Page: 1, Geometry: { BoundingBox: { Left: left, Top: row.top, Width: width, Height: 0.02 } },
    }));
    const left = Math.min(...row.words.map((w) => w[1]));
    const right = Math.max(...row.words.map((w) => w[1] + w[2]));
    out.push({ BlockType: 'LINE', Id: id, Text: row.words.map((w) => w[0]).join(' '), Confidence: row.conf ?? row.words[0][3], Page: 1, Geometry: { BoundingBox: { Left: left, Top: row.top, Width: right - left, Height: 0.02 } }, Relationships: [{ Type: 'CHILD', Ids: words.map((w) => w.Id) }] }, ...words);
    page.Relationships![0].Ids.push(id);
  });
  return out;
}
const lines = (blocks: Block[]) => new DocumentModel(blocks).lines.map((l) => l.text);

describe('fusing two readings: one reading\'s characters, the other\'s word boundaries', () => {
  it('puts the spaces one reading dropped back between the other\'s characters ("81100JOHORBAHRU")', () => {
    const letters = reading('a', [{ top: 0.1, words: [['81100JOHORBAHRU', 0.2, 0.5, 97]] }, { top: 0.2, words: [['Date', 0.1, 0.1, 98], ['25/12/20188:13:39PM', 0.25, 0.5, 98]] }]);
    const spaces = reading('b', [{ top: 0.1, words: [['81100', 0.2, 0.15, 90], ['JOHOR', 0.37, 0.15, 88], ['BAHEU', 0.54, 0.16, 60]] }, { top: 0.2, words: [['Date', 0.1, 0.1, 95], ['25/12/2018', 0.25, 0.3, 93], ['8:13:39PM', 0.57, 0.18, 90]] }]);
    const fused = fuseReadings(letters, spaces);
    expect(lines(fused)).toEqual(['81100 JOHOR BAHRU', 'Date 25/12/2018 8:13:39PM']);
    // The word read alike by both keeps the higher confidence; the one they read differently the lower.
    const words = fused.filter((b) => b.BlockType === 'WORD');
    expect(words.find((w) => w.Text === 'JOHOR')!.Confidence).toBe(97);
    expect(words.find((w) => w.Text === 'BAHRU')!.Confidence).toBe(60);
    expect(extractFields('INVOICE', new DocumentModel(fused)).data.invoice_date.value).toBe('25/12/2018');
  });

  it('fuses a page photographed sideways along its lines, and reports the fused geometry on the page as uploaded', () => {
    // The readings of the first case, the page lying turned (engines report geometry in the uploaded frame).
    const turned = (blocks: Block[], o: TextOrientation): Block[] => blocks.map((b) => {
      if (!b.Geometry || b.BlockType === 'PAGE') return b;
      const { Left: l, Top: t, Width: w, Height: h } = b.Geometry.BoundingBox;
      const corners = [{ X: l, Y: t }, { X: l + w, Y: t }, { X: l + w, Y: t + h }, { X: l, Y: t + h }].map((q) => toSource(q, o));
      return { ...b, Geometry: { BoundingBox: mapBox(b.Geometry.BoundingBox, (q) => toSource(q, o)), Polygon: corners } };
    });
    const letters = reading('a', [{ top: 0.1, words: [['81100JOHORBAHRU', 0.2, 0.5, 97]] }, { top: 0.2, words: [['Date', 0.1, 0.1, 98], ['25/12/20188:13:39PM', 0.25, 0.5, 98]] }]);
    const spaces = reading('b', [{ top: 0.1, words: [['81100', 0.2, 0.15, 90], ['JOHOR', 0.37, 0.15, 88], ['BAHEU', 0.54, 0.16, 60]] }, { top: 0.2, words: [['Date', 0.1, 0.1, 95], ['25/12/2018', 0.25, 0.3, 93], ['8:13:39PM', 0.57, 0.18, 90]] }]);
    for (const o of ['ccw', 'cw', 'down'] as const) {
      const fused = fuseReadings(turned(letters, o), turned(spaces, o));
      expect(lines(fused), o).toEqual(['81100 JOHOR BAHRU', 'Date 25/12/2018 8:13:39PM']);
      // Where the word lies in the uploaded image: the upright box of JOHOR (0.37-0.52 across, row at 0.1) turned as the page is.
      const johor = fused.find((b) => b.Text === 'JOHOR')!.Geometry!;
      const want = mapBox({ Left: 0.37, Top: 0.1, Width: 0.15, Height: 0.02 }, (q) => toSource(q, o));
      for (const k of ['Left', 'Top', 'Width', 'Height'] as const) expect(johor.BoundingBox[k], `${o} ${k}`).toBeCloseTo(want[k], 2);
      // ...with its polygon starting at the text's own top-left corner, as Textract reports a turned page.
      expect(johor.Polygon![0].X, o).toBeCloseTo(toSource({ X: 0.37, Y: 0.1 }, o).X, 2);
      expect(johor.Polygon![0].Y, o).toBeCloseTo(toSource({ X: 0.37, Y: 0.1 }, o).Y, 2);
    }
  });

  it('a look-alike that breaks its word\'s class loses to the reading that keeps it (Ja1an, 411S0)', () => {
    const letters = reading('a', [{ top: 0.1, words: [['Ja1an', 0.1, 0.2, 97], ['411S0', 0.4, 0.2, 97]] }]);
    const spaces = reading('b', [{ top: 0.1, words: [['Jalan', 0.1, 0.2, 70], ['41150', 0.4, 0.2, 70]] }]);
    expect(lines(fuseReadings(letters, spaces))).toEqual(['Jalan 41150']);
    // ...and without such a clue the letters reading's character stays unless the other is far surer.
    const tie = reading('b', [{ top: 0.1, words: [['Jalon', 0.1, 0.2, 70], ['41150', 0.4, 0.2, 70]] }]);
    expect(lines(fuseReadings(reading('a', [{ top: 0.1, words: [['Jalan', 0.1, 0.2, 97], ['41150', 0.4, 0.2, 97]] }]), tie))).toEqual(['Jalan 41150']);
    expect(fitsNeighbours('a', 'a', 'l')).toBe(2);
    expect(fitsNeighbours('a', 'a', '1')).toBe(0);
    expect(fitsNeighbours('1', undefined, 'S')).toBe(0);
  });

  it('two look-alikes side by side lose to the class the word\'s agreed characters share ("551OO" for 55100), not in a mixed word', () => {
    const letters = reading('a', [{ top: 0.1, words: [['551OO', 0.1, 0.2, 97], ['PT15944', 0.4, 0.2, 97]] }]);
    const spaces = reading('b', [{ top: 0.1, words: [['55100', 0.1, 0.2, 70], ['P715944', 0.4, 0.2, 70]] }]);
    expect(lines(fuseReadings(letters, spaces))).toEqual(['55100 PT15944']);
  });

  it('keeps the spaces reading\'s geometry, so a row the letters reading joined across columns still shows its gap', () => {
    const letters = reading('a', [{ top: 0.1, words: [['SoldBy', 0.05, 0.9, 95]] }]);
    const spaces = reading('b', [{ top: 0.1, words: [['Sold', 0.05, 0.08, 90], ['By', 0.8, 0.05, 90]] }]);
    const words = fuseReadings(letters, spaces).filter((b) => b.BlockType === 'WORD');
    expect(words.map((w) => w.Text)).toEqual(['Sold', 'By']);
    expect(words[1].Geometry!.BoundingBox.Left).toBeCloseTo(0.8);
  });

  it('takes the letters reading\'s height: a smudge the spaces reading boxed two lines tall does not move the line out of order', () => {
    const letters = reading('a', [{ top: 0.15, words: [['(X)', 0.26, 0.07, 95], ['SETIA', 0.35, 0.1, 95]] }]);
    const spaces = reading('b', [{ top: 0.15, words: [['()', 0.26, 0.05, 40], ['SETIA', 0.35, 0.1, 90]] }]);
    // the spaces reading's "()" reaches down over the next line
    (spaces.find((b) => b.Text === '()')!.Geometry!.BoundingBox as { Height: number }).Height = 0.035;
    const fused = fuseReadings(letters, spaces);
    const line = fused.find((b) => b.BlockType === 'LINE')!;
    expect(line.Text).toBe('(X) SETIA');
    expect(line.Geometry!.BoundingBox.Height).toBeCloseTo(0.02);
    expect(fused.find((b) => b.Text === '(X)')!.Geometry!.BoundingBox.Left).toBeCloseTo(0.26);
  });

  it('a line the two readings read too differently (another row, a logo) keeps the letters reading as it is', () => {
    const letters = reading('a', [{ top: 0.1, words: [['TOTAL', 0.1, 0.2, 95], ['9.00', 0.5, 0.1, 95]] }]);
    const spaces = reading('b', [{ top: 0.1, words: [['~~%#', 0.1, 0.5, 30]] }]);
    expect(lines(fuseReadings(letters, spaces))).toEqual(['TOTAL 9.00']);
  });

  it('normalises full-width punctuation (PaddleOCR reads "（CO.REG：1）")', () => {
    expect(lines(fuseReadings(reading('a', [{ top: 0.1, words: [['（CO.REG：1）', 0.1, 0.3, 95]] }]), []))).toEqual(['(CO.REG:1)']);
  });

  it('aligns characters by edit distance', () => {
    expect(alignChars('abc', 'axc')).toEqual([[0, 0], [1, 1], [2, 2]]);
    expect(alignChars('abc', 'ac')).toEqual([[0, 0], [1, -1], [2, 1]]);
  });
});

describe('second reading of receipts', () => {
  const f = (value: string | number, confidence_score: number) => ({ value, confidence_score });
  const strong = { data: { dealership_name: f('Ganga Home Appliances', 0.86), dealer_address: f('12 MG Road, Pune 411001', 0.8), invoice_date: f('01/02/2024', 0.9), total_invoice_amount: f(1200, 0.95), customer_name: f('Ravi Kumar', 0.9), customer_address: f('4 Station Road, Pune 411002', 0.85), dealer_gst: f('27AAPFU0939F1ZV', 0.95), invoice_number: f('INV-0042', 0.9) } };

  it('runs when a field read weakly, or on a till slip of a type that reads slips twice', () => {
    expect(needsSecondReading('INVOICE', strong)).toBe(false);
    // a till slip: body text of ~40 characters across the page (a printed A4 invoice holds 85 or more)
    const row = (top: number, words: string[], perChar: number) => ({ top, words: words.map((w, k): W => [w, 0.05 + k * 0.3, w.length * perChar, 90]) });
    const slip = new DocumentModel(reading('s', [row(0.1, ['GANGA', 'HOME', 'STORES'], 0.025), row(0.2, ['TOTAL', '1200.00'], 0.025)]));
    const a4 = new DocumentModel(reading('s', [row(0.1, ['GANGA', 'HOME', 'STORES'], 0.011), row(0.2, ['TOTAL', '1200.00'], 0.011)]));
    expect(charactersAcross(slip)).toBeCloseTo(40, 0);
    expect(needsSecondReading('INVOICE', strong, slip)).toBe(true);
    expect(needsSecondReading('INVOICE', strong, a4)).toBe(false);
    expect(needsSecondReading('INVOICE', { data: { ...strong.data, dealer_address: f('', 0) } })).toBe(true);
    expect(needsSecondReading('INVOICE', { data: { ...strong.data, total_invoice_amount: f(12, 0.45) } })).toBe(true);
    expect(needsSecondReading('INVOICE', { data: { ...strong.data, customer_name: f('', 0) } })).toBe(true);
    // a card read well is not read again because it is small: only receipts are read twice for being slips
    const card = { data: { name_as_per_pan: f('RAVI KUMAR', 0.9), pan_number: f('ABCPK1234F', 0.95), dob: f('01/01/1990', 0.9), father_name: f('SURESH KUMAR', 0.88), is_original: f('no', 0.3) } };
    expect(needsSecondReading('PAN', card, slip)).toBe(false);
    // the originality signal is measured on the image: a weak one is no reason to read the text again
    expect(needsSecondReading('PAN', card)).toBe(false);
    expect(needsSecondReading('PAN', { data: { ...card.data, father_name: f('', 0) } })).toBe(true);
    expect(needsSecondReading('ASSET_OPEN_BOX_IMAGE', { data: {} })).toBe(false);
  });

  it('every type read from text names the fields that call for a second reading, all of them its own', () => {
    for (const d of DECLARATIONS) {
      if (d.type === 'ASSET_OPEN_BOX_IMAGE') {
        expect(d.secondReading).toBeUndefined();
        continue;
      }
      expect(d.secondReading?.whenWeak.length, d.type).toBeGreaterThan(0);
      for (const name of d.secondReading!.whenWeak) expect(Object.keys(d.fields), d.type).toContain(name);
      // only receipts are read twice for being till slips, and only they are classified on a second reading
      expect(!!d.secondReading!.tillSlips, d.type).toBe(d.type === 'INVOICE');
    }
  });

  it('the fused reading wins a disagreement, capped; agreement raises to the auto-accept band', () => {
    const first = { data: { dealership_name: f('SUN VICTORY SON BHD', 0.5), invoice_date: f('20/03/2018', 0.6) } };
    const second = { data: { dealership_name: f('SUN VICTORY SDN BHD', 0.4), invoice_date: f('20/03/2018', 0.7) } };
    const m = mergeReadings(first, second).data;
    expect(m.dealership_name).toEqual(f('SUN VICTORY SDN BHD', 0.4));
    expect(m.invoice_date).toEqual(f('20/03/2018', AGREED_FLOOR));
    expect(mergeReadings({ data: { total_invoice_amount: f(9, 0.9) } }, { data: { total_invoice_amount: f(8, 0.95) } }).data.total_invoice_amount).toEqual(f(8, DISAGREE_CAP));
  });

  it('on a printed page a value the first reading scored well keeps its text, reviewed, when the block reading differs; agreement lifts it', () => {
    // PSM 6 reads a row of two boxes as one line: the dealer's name with the customer's beside it
    const first = { data: { dealer_name: f('Panchganga Automobiles', 0.83), order_date: f('10/09/2024', 0.82), customer_name: f('', 0), asset_model: f('Sony Bravia', 0.4) } };
    const second = { data: { dealer_name: f('Tushar Lyngdoh Panchganga Automobiles', 0.87), order_date: f('10/09/2024', 0.9), customer_name: f('Tushar Lyngdoh', 0.8), asset_model: f('Sony Bravia 55 inch 4K LED TV', 0.86) } };
    const m = mergeReadings(first, second, [], 'first').data;
    // its text is kept, but two readings disagree: reviewed
    expect(m.dealer_name).toEqual(f('Panchganga Automobiles', PRINTED_DISAGREE_CAP));
    expect(m.order_date).toEqual(f('10/09/2024', 0.9));
    // a missing value is filled, reviewed: only one reading found it; a weak one is merged as on a slip
    const fill = mergeReadings(first, { data: { customer_name: f('Tushar Lyngdoh', 0.93) } }, [], 'first').data;
    expect(fill.customer_name).toEqual(f('Tushar Lyngdoh', SECOND_ONLY_CAP));
    expect(mergeReadings(first, { data: { customer_name: f('Tushar Lyngdoh', 0.93) } }, [], 'second').data.customer_name).toEqual(f('Tushar Lyngdoh', 0.93));
    expect(m.asset_model).toEqual(f('Sony Bravia 55 inch 4K LED TV', DISAGREE_CAP));
    // the same disagreement on a till slip goes to the fused reading, capped
    expect(mergeReadings(first, second, [], 'second').data.dealer_name).toEqual(f('Tushar Lyngdoh Panchganga Automobiles', DISAGREE_CAP));
  });

  it('on a printed page the same words read with a few letters apart take the fused reading\'s letters, reviewed; other values keep the first', () => {
    const first = { data: { dealer_name: f('Gandak mobite Hub', 0.78), dealer_address: f('[ prot No. 176, Main Road, Juran Chhapra', 0.5), order_date: f('09/11/2024', 0.95), order_number: f('BR8662D004784', 0.9), customer_name: f('Panchganga Automobiles', 0.83) } };
    const second = { data: { dealer_name: f('Gandak Mobile Hub', 0.79), dealer_address: f('Plot No. 176, Main Road, Juran Chhapra', 0.86), order_date: f('07/11/2024', 0.96), order_number: f('BR8662DO04784', 0.9), customer_name: f('Tushar Lyngdoh Panchganga Automobiles', 0.87) } };
    const m = mergeReadings(first, second, [], 'first').data;
    expect(m.dealer_name).toEqual(f('Gandak Mobile Hub', PRINTED_DISAGREE_CAP));
    expect(m.dealer_address.value).toBe('Plot No. 176, Main Road, Juran Chhapra');
    // a date or an identifier read a character apart is another value: the first reading's stays
    expect(m.order_date).toEqual(f('09/11/2024', PRINTED_DISAGREE_CAP));
    expect(m.order_number).toEqual(f('BR8662D004784', PRINTED_DISAGREE_CAP));
    // another party's name run into the cell is a different value, not a misread
    expect(m.customer_name).toEqual(f('Panchganga Automobiles', PRINTED_DISAGREE_CAP));
    expect(readAlike('Pushpak Home Appli es', 'Pushpak Home Appliances')).toBe(true);
    expect(readAlike('Ganga Home Appli', 'Ganga Home Appliances')).toBe(false);
    expect(readAlike('ABCPK1234F', 'ABCPK1235F')).toBe(false);
  });

  it('a printed page keeps a strong first value where the second reading differs; a till slip takes the second', async () => {
    // the first reading's page: body text ~90 characters across (printed A4), or ~40 (a till slip)
    const row = (top: number, words: string[], perChar: number) => ({ top, words: words.map((w, k): W => [w, 0.05 + k * 0.3, w.length * perChar, 90]) });
    const printed = new DocumentModel(reading('p', [row(0.1, ['INCOME', 'TAX', 'DEPARTMENT'], 0.011)]));
    const till = new DocumentModel(reading('t', [row(0.1, ['GANGA', 'STORES'], 0.025), row(0.2, ['TOTAL', '12.80'], 0.025)]));
    const card = reading('c', [
      { top: 0.1, words: [['INCOME', 0.1, 0.12, 95], ['TAX', 0.25, 0.06, 95], ['DEPARTMENT', 0.34, 0.2, 95]] },
      { top: 0.2, words: [['Permanent', 0.1, 0.15, 95], ['Account', 0.28, 0.12, 95], ['Number', 0.43, 0.12, 95]] },
      { top: 0.3, words: [['ABCPK1235F', 0.1, 0.2, 95]] },
    ]);
    const readers = (blocks: Block[]) => ({ letters: { name: 'paddle', recognise: async () => blocks }, spaces: { name: 'tesseract', recognise: async () => blocks } });
    const pan = await withSecondReading(readers(card), Buffer.from(''), 'PAN', { data: { pan_number: f('ABCPK1234F', 0.95), father_name: f('', 0) } }, printed, {});
    expect(pan.data.pan_number).toEqual(f('ABCPK1234F', PRINTED_DISAGREE_CAP));
    const slip = reading('r', [{ top: 0.1, words: [['TOTAL', 0.1, 0.2, 95], ['RM', 0.4, 0.1, 95], ['12.50', 0.55, 0.2, 95]] }]);
    const first = { data: { total_invoice_amount: f(12.8, 0.9) } };
    const receipt = await withSecondReading(readers(slip), Buffer.from(''), 'INVOICE', first, till, {});
    expect(receipt.data.total_invoice_amount.value).toBe(12.5);
    // (each engine alone read 12.50 too: corroborated)
    expect(receipt.data.total_invoice_amount.confidence_score).toBe(AGREED_FLOOR);
    // the page decides, not the type: an invoice printed on A4 keeps its first reading's total, reviewed
    expect((await withSecondReading(readers(slip), Buffer.from(''), 'INVOICE', first, printed, {})).data.total_invoice_amount).toEqual(f(12.8, PRINTED_DISAGREE_CAP));
  });

  it("agreement does not lift a value both readings scored at a validator's cap", () => {
    // a registration number of two digits ("20", a column's serial), read alike by both
    const low = { data: { registration_number: f('20', 0.4), valid_upto: f('31/03/2025', 0.45) } };
    const m = mergeReadings(low, { data: { registration_number: f('20', 0.4), valid_upto: f('31/03/2025', 0.7) } }, [], 'first').data;
    expect(m.registration_number).toEqual(f('20', 0.4));
    expect(m.valid_upto).toEqual(f('31/03/2025', AGREED_FLOOR));
  });

  it("a disagreement is settled as agreed when each engine's reading alone gives the fused value", () => {
    const first = { data: { total_invoice_amount: f(9.85, 0.9) } };
    const second = { data: { total_invoice_amount: f(9.65, 0.7) } };
    const alone = (v: number) => ({ data: { total_invoice_amount: f(v, 0.6) } });
    expect(mergeReadings(first, second, [alone(9.65), alone(9.65)]).data.total_invoice_amount).toEqual(f(9.65, AGREED_FLOOR));
    // one engine alone reads the first reading's value: still a disagreement
    expect(mergeReadings(first, second, [alone(9.65), alone(9.85)]).data.total_invoice_amount).toEqual(f(9.65, DISAGREE_CAP));
    expect(mergeReadings(first, second, [alone(9.65)]).data.total_invoice_amount).toEqual(f(9.65, DISAGREE_CAP));
  });

  it("two readings agreeing do not lift a value past its validator's verdict", () => {
    // Both engines read the same address without its postcode, and the same label for the issuer.
    const first = { data: { dealer_address: f('SHELL STATION, MUKIM BATU, JLN BESAR KEPONG', 0.6), dealership_name: f('TAX INVOICE', 0.5) } };
    const second = { data: { dealer_address: f('SHELL STATION, MUKIM BATU, JLN BESAR KEPONG', 0.7), dealership_name: f('TAX INVOICE', 0.55) } };
    const m = mergeReadings(first, second).data;
    expect(m.dealer_address.confidence_score).toBe(IMPLAUSIBLE_CAP);
    expect(m.dealership_name.confidence_score).toBe(IMPLAUSIBLE_CAP);
  });

  it('classifies a till slip the first reading left UNKNOWN on its second reading, and only as a type read twice', async () => {
    const calls: string[] = [];
    const reader = (name: string, blocks: Block[]): SecondReader => ({ name, recognise: async () => { calls.push(name); return blocks; } });
    const row = (top: number, words: string[], perChar: number) => ({ top, words: words.map((w, k): W => [w, 0.05 + k * 0.3, w.length * perChar, 90]) });
    const page = (perChar: number, rows: string[][]) => reading('x', rows.map((r, i) => row(0.1 + i * 0.05, r, perChar)));
    // a faded slip: the words a receipt is known by misread on the first reading, read right on the second
    const faded = page(0.025, [['GANGA', 'HOME', 'STORES'], ['T0TAI', '1200.00'], ['CA5H', '1500.00'], ['CHANCE', '300.00']]);
    const clear = page(0.025, [['GANGA', 'HOME', 'STORES'], ['TAX', 'INVOICE'], ['TOTAL', '1200.00'], ['CASH', '1500.00'], ['CHANGE', '300.00']]);
    const model = new DocumentModel(faded);
    const first = classify(model);
    expect(first.type).toBe('UNKNOWN');
    const readers = { letters: reader('paddle', clear), spaces: reader('tesseract', clear) };
    const r = await classifyUnreadPage(readers, Buffer.from(''), model, first);
    expect(r.classification.type).toBe('INVOICE');
    expect(calls.sort()).toEqual(['paddle', 'tesseract']);
    // the readings are kept: the fields' second reading reads nothing again
    await withSecondReading(readers, Buffer.from(''), 'INVOICE', { data: {} }, model, {}, r.readings);
    expect(calls).toHaveLength(2);
    // a second reading naming a type that is never read twice leaves the slip UNKNOWN
    const pan = page(0.025, [['INCOME', 'TAX', 'DEPARTMENT'], ['Permanent', 'Account', 'Number'], ['ABCDE1234F']]);
    expect((await classifyUnreadPage({ letters: reader('paddle', pan), spaces: reader('tesseract', pan) }, Buffer.from(''), model, first)).classification.type).toBe('UNKNOWN');
    // a page already classified is not read again
    calls.length = 0;
    const known = classify(new DocumentModel(clear));
    expect((await classifyUnreadPage(readers, Buffer.from(''), new DocumentModel(clear), known)).classification).toBe(known);
    expect(calls).toEqual([]);
  });

  it('classifies any other page the first reading left UNKNOWN on its second reading, as any type read from text', async () => {
    const row = (top: number, words: string[]) => ({ top, words: words.map((w, k): W => [w, 0.05 + k * 0.12, w.length * 0.011, 90]) });
    const page = (rows: string[][]) => reading('y', rows.map((r, i) => row(0.1 + i * 0.05, r)));
    // a noisy photocopy of a PAN card on an A4 sheet: the heading and the number lost to noise
    const noisy = new DocumentModel(page([['lNC0ME', 'T4X', 'DEPAHTMENT'], ['Pernanent', 'Acc0unt', 'Nunber'], ['ABC0E1Z34F'], ['SELF', 'ATTESTED']]));
    const first = classify(noisy);
    expect(first.type).toBe('UNKNOWN');
    const pan = page([['INCOME', 'TAX', 'DEPARTMENT'], ['Permanent', 'Account', 'Number'], ['ABCDE1234F'], ['SELF', 'ATTESTED']]);
    const readers = { letters: { name: 'paddle', recognise: async () => pan }, spaces: { name: 'tesseract', recognise: async () => pan } };
    const r = await classifyUnreadPage(readers, Buffer.from(''), noisy, first);
    expect(r.classification.type).toBe('PAN');
    expect(r.readings).toBeDefined();
    // a second reading that names no type leaves the page UNKNOWN
    const blank = page([['Lorem', 'ipsum', 'dolor'], ['sit', 'amet']]);
    expect((await classifyUnreadPage({ letters: { name: 'paddle', recognise: async () => blank }, spaces: { name: 'tesseract', recognise: async () => blank } }, Buffer.from(''), noisy, first)).classification.type).toBe('UNKNOWN');
  });

  it('reads the page with both engines (the spaces one as a block) and extracts from their fusion', async () => {
    const calls: string[] = [];
    const reader = (name: string, blocks: Block[]): SecondReader => ({ name, recognise: async (_img, opts) => { calls.push(`${name}:${opts.segmentation ?? 'default'}`); return blocks; } });
    const letters = reading('a', [{ top: 0.1, words: [['Date:25/12/2018', 0.1, 0.5, 97]] }]);
    const spaces = reading('b', [{ top: 0.1, words: [['Date:', 0.1, 0.15, 90], ['25/12/2O18', 0.27, 0.3, 50]] }]);
    const first = { data: { invoice_date: f('', 0) } };
    const r = await withSecondReading({ letters: reader('paddle', letters), spaces: reader('tesseract', spaces) }, Buffer.from(''), 'INVOICE', first, new DocumentModel(letters), {});
    expect(calls.sort()).toEqual(['paddle:default', 'tesseract:block']);
    expect(r.data.invoice_date.value).toBe('25/12/2018');
  });
});
