/**
 * Commercial documents on layouts of the nineteenth dev set (test/fixtures/documents/dev19: paper scanned or
 * copied at the branch, written apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, DocumentModel, extractFields, type Block } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('DELIVERY_ORDER: a lender\'s particulars table abbreviates its captions', () => {
  const table = (modelCaption: string, costCaption: string) =>
    pageFromRows([
      [0.04, [0.07, 'Chenab Retail Credit Pvt. Ltd.']],
      [0.43, [0.08, 'Particulars'], [0.3, 'Details']],
      [0.456, [0.08, 'D.O. Ref. No.'], [0.3, 'DO83469400']],
      [0.548, [0.08, 'Customer Name'], [0.3, 'Rekha Kumari Munda']],
      [0.595, [0.08, 'Brand'], [0.3, 'Xiaomi']],
      [0.618, [0.08, modelCaption], [0.3, 'Redmi 13C 5G']],
      [0.641, [0.08, costCaption], [0.3, 'Rs. 27,000/-']],
      [0.665, [0.08, 'Down Payment'], [0.3, 'Rs. 6,750/-']],
      [0.704, [0.08, 'Loan Amount'], [0.3, 'Rs. 20,250/-']],
    ]);

  it('"ASSET VAL." is the asset\'s cost, not the loan amount under it', () => {
    expect(extractFields('DELIVERY_ORDER', table('Model', 'ASSET VAL.')).data.amount.value).toBe(27000);
    expect(extractFields('DELIVERY_ORDER', table('Model', 'Asset Val')).data.amount.value).toBe(27000);
  });

  it('money under an "Asset ..." caption ("Rs. 27,000/-") is no model: the model row gives it', () => {
    expect(extractFields('DELIVERY_ORDER', table('MODEL NO.', 'ASSET VAL.')).data.asset_model.value).toBe('Redmi 13C 5G');
  });
});

describe('totals abbreviated on a ladder: "AMT PAYABLE", "TOTAL AMT"', () => {
  const ladder = (caption: string) =>
    pageFromRows([
      [0.02, [0.02, 'TAX INVOICE']],
      [0.05, [0.02, 'Kosi Mobile World']],
      [0.133, [0.02, 'INV NO.'], [0.15, 'SI/23-24/0812']],
      [0.3, [0.02, '1'], [0.04, 'OPPO K12x 5G 6/128GB'], [0.26, '8517'], [0.3, '1'], [0.43, '15,245.76']],
      [0.387, [0.2, 'Taxable Value'], [0.43, '15,245.76']],
      [0.407, [0.2, 'Add: CGST 9%'], [0.44, '1,372.12']],
      [0.427, [0.2, 'Add: SGST 9%'], [0.44, '1,372.12']],
      [0.447, [0.2, 'Round Off'], [0.45, '0.00']],
      [0.472, [0.2, caption], [0.41, '17,990.00']],
    ]);

  it('INVOICE: the abbreviated total is the invoice total', () => {
    expect(extractFields('INVOICE', ladder('AMT PAYABLE')).data.total_invoice_amount.value).toBe(17990);
    expect(extractFields('INVOICE', ladder('TOTAL AMT (INCL. GST)')).data.total_invoice_amount.value).toBe(17990);
  });

  it('EBILL: a water bill\'s boxed "AMT PAYABLE" is the amount due', () => {
    const page = pageFromRows([
      [0.03, [0.26, 'Alaknanda Water Supply & Sewerage Board']],
      [0.07, [0.42, 'WATER CHARGES BILL']],
      [0.136, [0.03, 'CONS. NO.'], [0.17, '1760081871'], [0.51, 'Bill Date'], [0.62, '28 May 2025']],
      [0.177, [0.03, 'Consumer Name'], [0.17, 'Kuldeep Sarkar'], [0.51, 'DUE DT'], [0.62, '18 Jun 2025']],
      [0.388, [0.04, 'Water Charges'], [0.43, '551.00']],
      [0.426, [0.04, 'Sewerage Charges'], [0.43, '165.00']],
      [0.462, [0.04, 'Arrears'], [0.43, '0.00']],
      [0.517, [0.04, 'AMT PAYABLE'], [0.4, 'Rs. 716/-']],
    ]);
    expect(extractFields('EBILL', page).data.amount_due.value).toBe(716);
  });
});

describe('IMEI_CLOSEUP_IMAGE: a shop\'s price tag over the box label', () => {
  const tagged = (caption: string, value: string) =>
    pageFromRows([
      [0.1, [0.12, 'VIVO'], [0.5, 'Model No.: V2338']],
      [0.15, [0.12, 'Model Name: T3x 5G']],
      [0.26, [0.12, 'IMEI1: 354745319340628']],
      [0.5, [0.12, 'MRP ₹ 25,999.00 (Incl. of all taxes)']],
      [0.53, [0.12, 'Customer Care: 1800-329-0275'], [0.49, caption]],
      [0.59, [0.54, value]],
      [0.69, [0.48, 'EMI from Rs. 2556/- x 9']],
    ]);

  it('the tag\'s "SP" / "NET RATE" (the shop\'s selling price) is the price, not the label\'s MRP', () => {
    expect(extractFields('IMEI_CLOSEUP_IMAGE', tagged('SP', '22999/-')).data.price.value).toBe(22999);
    expect(extractFields('IMEI_CLOSEUP_IMAGE', tagged('S.P.', 'Rs. 22,999')).data.price.value).toBe(22999);
    expect(extractFields('IMEI_CLOSEUP_IMAGE', tagged('NET RATE', 'Rs. 22,999')).data.price.value).toBe(22999);
  });
});

describe('IMEI_CLOSEUP_IMAGE: a branch photocopy of a box label, a stamp over the end of its MRP line', () => {
  it('the amount right after "Max. Retail Price" is the price, the stamp\'s words read onto the line notwithstanding (not the invoice value noted under the copy)', () => {
    const page = pageFromRows([
      [0.104, [0.16, 'OPPO'], [0.6, 'Model No.: CPH2667']],
      [0.13, [0.16, 'MODEL K12x 5G']],
      [0.149, [0.16, 'Configuration: 4GB RAM + 128GB ROM']],
      [0.191, [0.16, 'IMEI: 354349080311171']],
      [0.278, [0.16, 'Max. Retail Price ¥ 19,999.00 (Incl. of all taxes) .qcia Retail Credi']],
      [0.309, [0.16, 'Customer Care: 1800-396-7325']],
      [0.423, [0.1, 'For branch use']],
      [0.443, [0.1, 'Applicant: Anita Naik']],
      [0.479, [0.1, 'Invoice value as per bill: Rs. 19,499']],
      [0.497, [0.1, 'Verified by: Sudip Kamat, Field Officer']],
    ]);
    expect(extractFields('IMEI_CLOSEUP_IMAGE', page).data.price.value).toBe(19999);
  });
});

describe('two copies of a slip side by side on one sheet', () => {
  it('an address does not run on into the other copy\'s caption and value on its row ("DEALER ADDR. …" twice)', () => {
    const slip = (x: number): [number, ...[number, string][]][] => [
      [0.045, [x + 0.03, 'Kosi Retail Credit']],
      [0.086, [x + 0.15, 'DELIVERY ORDER']],
      [0.139, [x + 0.03, 'D.O. NO.'], [x + 0.36, '24-352010']],
      [0.234, [x + 0.03, 'Name of Customer'], [x + 0.27, 'Moumita Mukherjee']],
      [0.296, [x + 0.03, 'Dealer Name'], [x + 0.37, 'Doon Stores']],
      [0.328, [x + 0.03, 'DEALER ADDR.'], [x + 0.26, 'Shop 56, Hospital Rd,']],
      [0.349, [x + 0.28, 'Jammu, J&K - 180530']],
      [0.414, [x + 0.03, 'Asset Model'], [x + 0.4, 'T3x 5G']],
    ];
    const page = pageFromRows([...slip(0), ...slip(0.52)].sort((a, b) => a[0] - b[0]));
    expect(extractFields('DELIVERY_ORDER', page).data.dealer_address.value).toBe('Shop 56, Hospital Rd, Jammu, J&K - 180530');
  });

  it('nor into the value read as a line of its own right of the other copy\'s caption', () => {
    const slip = (x: number, split: boolean): [number, ...[number, string][]][] => [
      [0.086, [x + 0.15, 'DELIVERY ORDER']],
      [0.139, [x + 0.03, 'D.O. NO.'], [x + 0.36, '24-352010']],
      [0.296, [x + 0.03, 'Dealer Name'], [x + 0.37, 'Doon Stores']],
      ...((split ? [[0.328, [x + 0.03, 'DEALER ADDR.']], [0.328, [x + 0.26, 'Shop 56, Hospital Rd,']]] : [[0.328, [x + 0.03, 'DEALER ADDR.'], [x + 0.26, 'Shop 56, Hospital Rd,']]]) as [number, ...[number, string][]][]),
      [0.349, [x + 0.28, 'Jammu, J&K - 180530']],
      [0.414, [x + 0.03, 'Asset Model'], [x + 0.4, 'T3x 5G']],
    ];
    const page = pageFromRows([...slip(0, false), ...slip(0.52, true)].sort((a, b) => a[0] - b[0]));
    expect(extractFields('DELIVERY_ORDER', page).data.dealer_address.value).toBe('Shop 56, Hospital Rd, Jammu, J&K - 180530');
  });
});

describe('PURCHASE_ORDER: an order book\'s carbon leaf', () => {
  const leaf = (title: string, terms: string) =>
    pageFromRows([
      [0.026, [0.04, 'Book No. 32'], [0.8, 'Triplicate (Office)']],
      [0.057, [0.478, title]],
      [0.081, [0.3, 'TEESTA HOME APPLIANCES']],
      [0.112, [0.28, 'Shop No. 26, Sakchi, Jamshedpur, Jharkhand - 831077']],
      [0.13, [0.34, 'GSTIN: 20FTVPT1639E1ZE Ph. 6457992677']],
      [0.163, [0.05, 'ORDER NO.'], [0.5, 'Dated']],
      [0.182, [0.05, '8654'], [0.5, '21.11.2025']],
      [0.215, [0.05, 'SUPPLIER']],
      [0.234, [0.05, 'Subarnarekha Enterprises']],
      [0.252, [0.05, '61/8, Mukhani, Rudrapur, Uttarakhand - 263977']],
      [0.29, [0.04, 'Please supply the following goods as per terms below:']],
      [0.316, [0.05, 'No.'], [0.1, 'Particulars'], [0.5, 'Qty'], [0.65, 'Rate'], [0.8, 'Amount']],
      [0.346, [0.05, '1'], [0.1, 'Copper Wire 1.5 sq mm'], [0.5, '51 Coil'], [0.65, '1,534.67'], [0.8, '78,268.17']],
      [0.556, [0.04, 'Rupees Ninety Six Thousand Four Hundred Fifty'], [0.5, 'Total'], [0.8, '81,744.96']],
      [0.575, [0.04, 'Nine Only'], [0.5, 'GST @ 18%'], [0.8, '14,714.09']],
      [0.602, [0.5, 'G. TOTAL'], [0.8, '96,459.00']],
      [0.64, [0.04, 'Terms: Delivery within 7 days at our shop. Payment 30 days from invoice.']],
      [0.657, [0.04, terms]],
      [0.701, [0.67, 'For Teesta Home Appliances']],
      [0.774, [0.75, 'Proprietor / Authorised Sign.']],
    ]);

  it('an order\'s term naming what the goods come with ("Goods to be sent with ... tax invoice") is an order\'s, not an invoice\'s title', () => {
    expect(classify(leaf('P.O.', 'Goods to be sent with delivery challan and tax invoice.')).type).toBe('PURCHASE_ORDER');
  });

  it('"P.O." alone on its line titles the leaf, and is no buyer\'s name', () => {
    const page = leaf('P.O.', 'Rates are inclusive of packing.');
    expect(classify(page).type).toBe('PURCHASE_ORDER');
    expect(String(extractFields('PURCHASE_ORDER', page).data.buyer_name.value).toUpperCase()).toBe('TEESTA HOME APPLIANCES');
  });
});

describe('BANK_STATEMENT: a CBS printout\'s stacked period captions', () => {
  // words with their own boxes (a smudged photocopy: the date's box taller than its caption's, a speck's reading under it)
  const page = (lines: [string, number, number, number, number][][]) => {
    const blocks: Block[] = [{ BlockType: 'PAGE', Id: 'p', Page: 1, Relationships: [{ Type: 'CHILD', Ids: [] }] }];
    lines.forEach((ws, r) => {
      const ids = ws.map((_, i) => `l${r}w${i}`);
      ws.forEach(([Text, Left, Top, Width, Height], i) => blocks.push({ BlockType: 'WORD', Id: ids[i], Text, Confidence: 90, Page: 1, Geometry: { BoundingBox: { Left, Top, Width, Height } } }));
      const left = Math.min(...ws.map((w) => w[1]));
      const top = Math.min(...ws.map((w) => w[2]));
      const right = Math.max(...ws.map((w) => w[1] + w[3]));
      const bottom = Math.max(...ws.map((w) => w[2] + w[4]));
      blocks.push({ BlockType: 'LINE', Id: `l${r}`, Text: ws.map((w) => w[0]).join(' '), Confidence: 90, Page: 1, Geometry: { BoundingBox: { Left: left, Top: top, Width: right - left, Height: bottom - top } }, Relationships: [{ Type: 'CHILD', Ids: ids }] });
      blocks[0].Relationships![0].Ids.push(`l${r}`);
    });
    return new DocumentModel(blocks);
  };

  it('"FROM DT : <date>" and "TO DT : <date>" on their own lines give the period, a speck read under the caption notwithstanding', () => {
    const model = page([
      [['KONKAN', 0.031, 0.034, 0.08, 0.012], ['MERCANTILE', 0.115, 0.034, 0.1, 0.012], ['CO-OPERATIVE', 0.22, 0.034, 0.12, 0.012], ['BANK', 0.345, 0.034, 0.05, 0.012], ['LTD.', 0.4, 0.034, 0.04, 0.012]],
      [['Account', 0.03, 0.094, 0.05, 0.012], ['Holder', 0.085, 0.094, 0.05, 0.012], ['Phoolmani', 0.17, 0.094, 0.07, 0.012], ['Prasad', 0.245, 0.094, 0.05, 0.012], ['Bisht', 0.3, 0.094, 0.04, 0.012]],
      [['FROM', 0.384, 0.151, 0.024, 0.014], ['DT', 0.411, 0.151, 0.011, 0.014], [':', 0.427, 0.154, 0.001, 0.01], ['01.02.2025', 0.485, 0.139, 0.06, 0.031], ['Lo', 0.953, 0.161, 0.046, 0.003]],
      [['03.02:', 0.483, 0.149, 0.038, 0.028], ['ooo', 0.92, 0.164, 0.08, 0.005]],
      [['TODT:', 0.384, 0.175, 0.031, 0.009], ['31.07.2025', 0.485, 0.174, 0.06, 0.011], ['NOMINATION', 0.677, 0.175, 0.055, 0.011], [':', 0.736, 0.178, 0.001, 0.008], ['REGISTERED', 0.741, 0.174, 0.054, 0.011]],
      [['TXN', 0.034, 0.225, 0.02, 0.01], ['DATE', 0.056, 0.225, 0.025, 0.01], ['PARTICULARS', 0.3, 0.225, 0.06, 0.01], ['BALANCE', 0.8, 0.225, 0.05, 0.01]],
      [['08/02/2025', 0.032, 0.254, 0.05, 0.01], ['NEFT-988379-', 0.3, 0.254, 0.06, 0.01], ['SALARY', 0.365, 0.254, 0.04, 0.01], ['12,309.11', 0.8, 0.254, 0.05, 0.01]],
    ]);
    const d = extractFields('BANK_STATEMENT', model).data;
    expect([d.period_from.value, d.period_to.value]).toEqual(['01/02/2025', '31/07/2025']);
  });
});
