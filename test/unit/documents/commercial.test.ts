/**
 * The commercial documents (invoices and receipts, delivery orders, purchase orders, IMEI labels)
 * read from structure: each general fix reduced to the few rows that show it, then the dev
 * layouts (written apart from the extractor) read from their drawn text, no OCR.
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel, classify, extractFields, type DocumentType } from '#core/documents/index.ts';
import { plausible } from '#core/documents/plausibility.ts';
import { invoiceTotal } from '#core/documents/fields/invoice.ts';
import { AFFILIATION_LINE, amountInWords, findDocumentDates, isRegistrationLine, personName, tenderedLessChange } from '#core/documents/fields/commercial.ts';
import { businessName } from '#core/documents/fields/header.ts';
import { joinAddress } from '#core/documents/fields/common.ts';
import { AGREED_FLOOR, DISAGREE_CAP, mergeReadings, sameReading } from '#core/documents/secondReading.ts';
import { receiptShape } from '#core/documents/types/invoice.ts';
import { FAMILIES, devLayout } from '../../fixtures/documents/dev/index.ts';
import { pageBlocks } from '../../fixtures/documents/pageBlocks.ts';
import { FIELD_MAP, same, type Cmp } from '../../fixtures/documents/score.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import { pageFromRows } from './rows.ts';
import { IMEI_1, IMEI_2 } from './samples.ts';

describe('layout: key-value pairs as forms print them', () => {
  it('a colon printed apart from its label ("Name of Dealer   :   Ambika Mobile") or next to the value (": value")', () => {
    const m = pageFromRows([
      [0.05, [0.07, 'DELIVERY ORDER']],
      [0.1, [0.07, 'Name of Dealer'], [0.3, ':'], [0.32, 'Ambika Mobile Care']],
      [0.12, [0.07, 'Borrower Name'], [0.3, ': Gurpreet Kulkarni']],
      [0.14, [0.07, 'Dealer Address'], [0.3, ':'], [0.32, 'Shop No. 385, Church Street,']],
      [0.16, [0.32, 'Kolkata, West Bengal - 700963']],
    ]);
    const d = extractFields('DELIVERY_ORDER', m).data;
    expect(d.dealer_name.value).toBe('Ambika Mobile Care');
    expect(d.customer_name.value).toBe('Gurpreet Kulkarni');
    expect(d.dealer_address.value).toBe('Shop No. 385, Church Street, Kolkata, West Bengal - 700963');
  });

  it('two headers side by side over two blocks ("Sold By" | "Sold To") each head their block, not a pair; a lower-case first letter read by OCR ("sold To") too', () => {
    for (const right of ['Sold To', 'sold To']) {
      const m = pageFromRows([
        [0.05, [0.3, 'TAX INVOICE']],
        [0.1, [0.05, 'Sold By'], [0.5, right]],
        [0.12, [0.05, 'Ganga Home Appliances'], [0.5, 'Sunita Mishra']],
        [0.14, [0.05, 'Plot 425, Old Mill Road'], [0.5, '409/6, Canal Road']],
        [0.16, [0.05, 'Hyderabad, Telangana - 500369'], [0.5, 'Hyderabad, Telangana - 500657']],
      ]);
      const d = extractFields('INVOICE', m).data;
      expect(d.dealership_name.value, right).toBe('Ganga Home Appliances');
      expect(d.dealer_address.value).toBe('Plot 425, Old Mill Road, Hyderabad, Telangana - 500369');
      expect(d.customer_name.value).toBe('Sunita Mishra');
      expect(d.customer_address.value).toBe('409/6, Canal Road, Hyderabad, Telangana - 500657');
    }
  });

  it('a header row over a row of values, a value wrapped inside its cell keeping its second line', () => {
    const m = pageFromRows([
      [0.05, [0.05, 'DELIVERY ORDER']],
      [0.1, [0.05, 'DO No.'], [0.2, 'Dealer Name'], [0.5, 'Customer Name'], [0.7, 'Product / Model'], [0.91, 'Asset Cost']],
      [0.13, [0.05, 'DO9080143'], [0.2, 'Nandanvan Electricals &'], [0.5, 'Madhuri'], [0.7, 'Xiaomi Redmi 13C'], [0.91, '80,399.00']],
      [0.148, [0.2, 'Electronics'], [0.5, 'Chaudhary'], [0.7, '8GB/256GB']],
    ]);
    const d = extractFields('DELIVERY_ORDER', m).data;
    expect(d.dealer_name.value).toBe('Nandanvan Electricals & Electronics');
    expect(d.customer_name.value).toBe('Madhuri Chaudhary');
    expect(d.asset_model.value).toBe('Xiaomi Redmi 13C 8GB/256GB');
    expect(d.amount.value).toBe(80399);
  });

  it('an abbreviation\'s dot is no sentence end: "Buyer | M/s Vishwas Textiles Pvt. Ltd." is a pair', () => {
    const m = pageFromRows([
      [0.03, [0.05, 'Sankalp Procurement Services LLP'], [0.7, 'PURCHASE ORDER']],
      [0.1, [0.05, 'PO Number'], [0.2, 'PO-2024-4339'], [0.5, 'Date of PO'], [0.65, '21-Aug-2024']],
      [0.12, [0.05, 'Buyer'], [0.2, 'M/s Vishwas Textiles Pvt. Ltd.']],
      [0.14, [0.05, 'Supplier'], [0.2, 'Hari Om Agro Products']],
    ]);
    const d = extractFields('PURCHASE_ORDER', m).data;
    expect(d.buyer_name.value).toBe('Vishwas Textiles Pvt. Ltd.');
    expect(d.supplier_name.value).toBe('Hari Om Agro Products');
    expect(d.po_date.value).toBe('21/08/2024');
  });
});

describe('invoices: parties, numbers and dates by their labels', () => {
  it('"Invoice To:" beside the next column\'s header takes the name under it; honorifics are no part of a name', () => {
    const m = pageFromRows([
      [0.05, [0.6, 'Star Mobile World']],
      [0.2, [0.05, 'Invoice To:'], [0.55, 'Invoice Details']],
      [0.22, [0.05, 'Mrs. Asha Verma'], [0.55, 'Invoice Number:'], [0.7, 'INV-2207']],
      [0.24, [0.05, '2, MG Road, Banjara Hills'], [0.55, 'Invoice Date:'], [0.7, '14/06/2025']],
      [0.26, [0.05, 'Hyderabad - 500034'], [0.55, 'Due Date:'], [0.7, '14/07/2025']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.customer_name.value).toBe('Asha Verma');
    expect(d.customer_address.value).toBe('2, MG Road, Banjara Hills, Hyderabad - 500034');
    expect(d.invoice_number.value).toBe('INV-2207');
    expect(d.invoice_date.value).toBe('14/06/2025');
    expect(personName('Smt. Kavita Iyer')).toBe('Kavita Iyer');
    expect(personName('Mr. D.I.Y')).toBe('D.I.Y');
  });

  it('a "Billing Address" block headed by the customer\'s name gives the name, and the address without it (never a locality)', () => {
    const m = pageFromRows([
      [0.05, [0.05, 'Tax Invoice']],
      [0.1, [0.05, 'Order Date'], [0.2, ':'], [0.22, '12.03.2024']],
      [0.12, [0.05, 'Inv. Dt.'], [0.2, ':'], [0.22, '06-11-2025']],
      [0.2, [0.05, 'Billing Address :'], [0.5, 'Shipping Address :']],
      [0.22, [0.05, 'Madhuri Hegde'], [0.5, 'Madhuri Hegde']],
      [0.24, [0.05, 'Flat No. 459, Court Road'], [0.5, 'Plot 13, College Road']],
      [0.26, [0.05, 'Kolkata 700307, West Bengal'], [0.5, 'Kolkata 700317, West Bengal']],
      [0.28, [0.05, 'Phone: 7632630840']],
      [0.9, [0.05, 'Customer Care: 1800 123 4567']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.customer_name.value).toBe('Madhuri Hegde');
    expect(d.customer_address.value).toBe('Flat No. 459, Court Road, Kolkata 700307, West Bengal');
    expect(d.customer_mobile_number.value).toBe('7632630840');
    // the order's date is not the invoice's
    expect(d.invoice_date.value).toBe('06/11/2025');
  });

  it('a POS bill\'s abbreviated labels ("Cust :", "Mob :") and a right-aligned letterhead beside a logo', () => {
    const m = pageFromRows([
      [0.05, [0.613, 'Galaxy Appliances']],
      [0.07, [0.05, 'INVOICE'], [0.635, '12, Civil Lines']],
      [0.09, [0.05, 'Original'], [0.525, 'Model Town, Pune - 411001']],
      [0.15, [0.05, 'Bill No : B123456']],
      [0.17, [0.05, 'Cust'], [0.2, ': Lakshmi Saxena']],
      [0.19, [0.05, 'Mob'], [0.2, ': 9544089185']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.dealership_name.value).toBe('Galaxy Appliances');
    expect(d.customer_name.value).toBe('Lakshmi Saxena');
    expect(d.customer_mobile_number.value).toBe('9544089185');
    expect(d.dealer_address.value).toBe('12, Civil Lines, Model Town, Pune - 411001');
  });

  it('receipts\' broken dates are read ("09- 06 2018", "2109/2017 10:20"); impossible document years are not ("04 - 2/60")', () => {
    expect(findDocumentDates('Date + 09- 06 2018 16: 00:43')[0]?.value).toBe('09/06/2018');
    expect(findDocumentDates('2109/2017 10:20:37 AM')[0]?.value).toBe('21/09/2017');
    expect(findDocumentDates('JAD1-04 - 2/60')).toEqual([]);
    expect(extractFields('INVOICE', modelFromLines(['SHOP SDN BHD', 'JAD1-04 - 2/60', 'TAX INVOICE', '| 28- 03-18 18:05 SH01'])).data.invoice_date.value).toBe('28/03/2018');
  });
});

describe('totals', () => {
  it('a table\'s total row ("Total | 1 Nos | ₹ 9,199.00"), not the tax summary\'s "Total"; the amount in words settles and confirms it', () => {
    const m = pageFromRows([
      [0.05, [0.3, 'Tax Invoice']],
      [0.3, [0.05, '1'], [0.1, 'Samsung Galaxy A15'], [0.5, '1 Nos'], [0.85, '7,795.76']],
      [0.33, [0.3, 'CGST'], [0.85, '701.62']],
      [0.35, [0.3, 'SGST'], [0.85, '701.62']],
      [0.38, [0.3, 'Total'], [0.5, '1 Nos'], [0.85, '₹ 9,199.00']],
      [0.41, [0.05, 'INR Nine Thousand One Hundred Ninety Nine Only']],
      [0.45, [0.05, 'Total'], [0.2, '7,795.76'], [0.4, '701.62'], [0.6, '701.62'], [0.85, '1,403.24']],
    ]);
    const t = invoiceTotal(m);
    expect(t?.value).toBe(9199);
    expect(t!.confidence_score).toBeGreaterThan(0.85);
    expect(amountInWords(modelFromLines(['Rupees Forty Five Thousand Nine Hundred Ninety Nine Only']))?.value).toBe(45999);
    expect(amountInWords(modelFromLines(['Amount in words: Two Lakh Nine Thousand Three Hundred Twenty Only']))?.value).toBe(209320);
  });

  it('"Total Incl. GST" is the payable total, a tax total is not, and a currency mark breaks a tie', () => {
    const m = modelFromLines(['SUB-TOTAL 62.60', 'Total GST(I) 3.51', 'TOTAL ITEM(S): 3', 'TOTAL INCL GST RM 62.00', 'CARD TYPE : VISA 62.00']);
    expect(invoiceTotal(m)?.value).toBe(62);
    expect(invoiceTotal(modelFromLines(['SUB-TOTAL (GST) 24.00', 'TAX TOTAL: 1.34']))).toBeUndefined();
  });

  it('with no readable total, the tender less the change ("CASH RM 50.00" / "CHANGE RM 27.10") is what was paid', () => {
    const m = modelFromLines(['TORE RM 73. 00', 'CASH RM 80.00', 'CHANGE: RM 7.00']);
    expect(tenderedLessChange(m)?.value).toBe(73);
    expect(invoiceTotal(m)?.value).toBe(73);
    // a rounding line before the tender: the rounded amount is the one paid
    expect(invoiceTotal(modelFromLines(['Total Sales (Inclusive GST) RM 22.91', 'Rounding Adjustment RM -0.01', 'CASH RM 50.00', 'CHANGE RM 27.10']))?.value).toBe(22.9);
  });

  it('sub-total plus taxes adding up to the total confirms it (no 0.6 cap)', () => {
    const lines = ['PURCHASE ORDER', 'Sub Total 1,74,000.00', 'CGST @ 9% 15,660.00', 'SGST @ 9% 15,660.00', 'Grand Total ₹ 2,05,320.00'];
    expect(invoiceTotal(modelFromLines(lines))!.confidence_score).toBeGreaterThan(0.85);
    const wrong = ['PURCHASE ORDER', 'Sub Total 1,74,000.00', 'CGST @ 9% 15,660.00', 'Grand Total ₹ 2,05,320.00'];
    expect(invoiceTotal(modelFromLines(wrong))!.confidence_score).toBeLessThanOrEqual(0.6);
  });
});

describe('receipts: the issuer\'s header', () => {
  it('a name over two lines ("POPULAR BOOK" / "Co. (M) SDN BHD"), then the address past registration lines, up to the PIN', () => {
    const m = modelFromLines([
      { text: 'OF', confidence: 7 },
      'POPULAR BOOK',
      'Co. (M) SDN BHD',
      '(Co. No. 113825-W)',
      '(GST Reg No. 001492992000)',
      'No 8, Jalan 7/118B, Desa Tun Razak',
      '56000 Kuala Lumpur, Malaysia',
      'SUNWAY VELOCITY',
      'Total RM Incl. of GST 9.65',
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.dealership_name.value).toBe('POPULAR BOOK Co. (M) SDN BHD');
    expect(d.dealer_address.value).toBe('No 8, Jalan 7/118B, Desa Tun Razak, 56000 Kuala Lumpur, Malaysia');
    for (const reg of ['78911 7-W', '{JM0292487-D)', 'CO-REG : 860671-D', '002570632-X', 'GST REF NO : 001694261248', 'Site: 1046']) expect(isRegistrationLine(reg), reg).toBe(true);
    for (const addr of ['176 JLN SUNGEI BESI', 'No 8, Jalan 7/118B', '57100 KUALA LUMPUR']) expect(isRegistrationLine(addr), addr).toBe(false);
  });

  it('an open bracket or a suffix alone continues the name; a leading number only for a registered company; logo initials dropped', () => {
    expect(extractFields('INVOICE', modelFromLines(['AIK HUAT HARDWARE ENTERPRISE (SETIA', 'ALAM) SDN BHD', '822737-X'])).data.dealership_name.value).toBe('AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD');
    expect(extractFields('INVOICE', modelFromLines(['UNIHAKKA INTERNATIONAL SDN', 'BHD', '12, JALAN TAMPOI 7/4'])).data.dealership_name.value).toBe('UNIHAKKA INTERNATIONAL SDN BHD');
    expect(extractFields('INVOICE', modelFromLines(['99 SPEED MART S/B (519537-X)', 'LOT P.T. 2811, JALAN ANGSA'])).data.dealership_name.value).toBe('99 SPEED MART S/B');
    expect(extractFields('INVOICE', modelFromLines(['JE Janata Electricals & Electronics', 'CASH MEMO'])).data.dealership_name.value).toBe('Janata Electricals & Electronics');
  });

  it('after the postcode line a line of only a state or the country ends the address; an owner or branch line before it is skipped', () => {
    const m = modelFromLines([
      'MARCO TRADING SDN BHD',
      'Licensee of Example Foods',
      '(Mutiara Rini 16),',
      'GSTID 001018802176',
      'NO.53, JALAN SAGU 18, TAMAN DAYA,',
      '81100 JOHOR BAHRU,',
      'JOHOR.',
      'TAX INVOICE',
    ]);
    expect(extractFields('INVOICE', m).data.dealer_address.value).toBe('NO.53, JALAN SAGU 18, TAMAN DAYA, 81100 JOHOR BAHRU, JOHOR.');
    const tail = (last: string) => extractFields('INVOICE', modelFromLines(['KANCIL ENTERPRISE', '19, JALAN KANCIL, OFF JALAN PUDU,', '55100 KUALA LUMPUR', last, 'Tel: 03-2222 1111'])).data.dealer_address.value;
    expect(tail('MALAYSIA')).toBe('19, JALAN KANCIL, OFF JALAN PUDU, 55100 KUALA LUMPUR, MALAYSIA');
    expect(tail('Selangor D.E.')).toBe('19, JALAN KANCIL, OFF JALAN PUDU, 55100 KUALA LUMPUR, Selangor D.E.');
    // any other line after the postcode is not address
    expect(tail('CASHIER 02')).toBe('19, JALAN KANCIL, OFF JALAN PUDU, 55100 KUALA LUMPUR');
    // a landmark in brackets is address, even first
    expect(AFFILIATION_LINE.test('(Near Bus Stand)')).toBe(false);
    expect(AFFILIATION_LINE.test('A unit of Sharma Industries Pvt. Ltd.')).toBe(true);
  });

  it('"No." before a house number read with a look-alike ("ND.54", "D.Nd. 4-5") is spelled as printed; other words are not', () => {
    expect(joinAddress(['ND.54, BATU 5', 'KG. BATU'])).toBe('NO.54, BATU 5, KG. BATU');
    expect(joinAddress(['D.Nd. 4-5, Gandhi Road'])).toBe('D.No. 4-5, Gandhi Road');
    expect(joinAddress(['NDA Road 4', 'AND. 5'])).toBe('NDA Road 4, AND. 5');
  });

  it('legal forms read with look-alikes are spelled as registered ("SON BHD", "SDN BHE", "COMFANY", "Pvt. Lid"), in the printed case', () => {
    expect(businessName('SUN VICTORY SON BHD')).toBe('SUN VICTORY SDN BHD');
    expect(businessName('TANJONGMAS BOOKCENTRE (PJ) SDN BHE')).toBe('TANJONGMAS BOOKCENTRE (PJ) SDN BHD');
    expect(businessName('SIN THYE & COMFANY')).toBe('SIN THYE & COMPANY');
    expect(businessName('Sharma Traders Pvt. Lid')).toBe('Sharma Traders Pvt. Ltd');
    expect(businessName('Guardian Health Son Bhd')).toBe('Guardian Health Sdn Bhd');
    // words that only look like a legal form are left alone
    expect(businessName('SON OF BHAI DHABA')).toBe('SON OF BHAI DHABA');
    expect(businessName('Lid Works Limlted')).toBe('Lid Works Limited');
    // the space before the form lost
    expect(businessName('UNIHAKKA INTERNATIONALSDN BHD')).toBe('UNIHAKKA INTERNATIONAL SDN BHD');
  });

  it('a title read with look-alikes ("TAX INYOICE") is no issuer name; an underscore in the name is a dot read low', () => {
    expect(extractFields('INVOICE', modelFromLines(['SIMPLIFIED TAX INYOICE', 'SIN THYE & COMPANY', 'NO.54, BATU 5, JALAN IPOH'])).data.dealership_name.value).toBe('SIN THYE & COMPANY');
    expect(extractFields('INVOICE', modelFromLines(['BOOK TA _K (TAMAN DAYA) SDN BHD', '789417-W', 'NO.53, JALAN SAGU 18'])).data.dealership_name.value).toBe('BOOK TA .K (TAMAN DAYA) SDN BHD');
  });

  it('a restaurant check or a till slip is a receipt: classified INVOICE', () => {
    const check = ['PANDAH INDAH RESTAURANT', 'GUEST CHECK', 'Table 6', 'Server : J', '1 KUO POH 6.00', '2 TEA 2.00', '1 TONG HOU 10.00', '1 SLICE 15.00', 'Subtotal : 93.00', 'TOTAL: 93.00'];
    expect(receiptShape(check.join('\n'))).toBe(true);
    expect(classify(modelFromLines(check)).type).toBe('INVOICE');
    // a fuel till prints one decimal after its currency
    const fuel = ['SUN WONG KUT SDN BHD', 'GST No: 001580630016', 'Invoice nunber 60000483942', 'FuelSave 95 RM 88 1', 'Total RH 88 1', 'Visa RM 88.1', 'Relief GST C RM 0.0', 'Total Gross C RM 86.1', 'Thank you'];
    expect(receiptShape(fuel.join('\n'))).toBe(true);
    expect(classify(modelFromLines(fuel)).type).toBe('INVOICE');
  });

  it('a utility bill\'s amounts, payments and GST lines are no till: without its heading it stays a bill', () => {
    const gas = ['Customer Name HARJEET MURUGESAN', 'BP No. 2127802746', 'Bill Date 17/08/2024', 'Previous Reading 1,204.00 Current Reading 1,236.00', 'Gas Charges 1,400.00', 'GST @ 18% 252.00', 'Total Amount Payable 1,652.00', 'Due Date 31/08/2024', 'Last Payment Received 1,310.00 Thank you'];
    expect(receiptShape(gas.join('\n'))).toBe(false);
    expect(classify(modelFromLines(gas)).type).not.toBe('INVOICE');
  });

  it('an order to a supplier or a lender\'s delivery order is no till either, whatever amounts it prints', () => {
    const po = ['P.O. No. AA/PO/24-25/576', 'P.O. Date 27/04/2024', 'Quotation Ref. QT/2455 dt. 12.04.2024', 'Supplier : Gokul Agro Foods Pvt. Ltd.', 'Item Qty Rate Amount', 'Toor Dal 50 120.00 6,000.00', 'Moong Dal 20 110.00 2,200.00', 'GST 5% 410.00', 'Total 8,610.00', 'Payment within 30 days'];
    expect(receiptShape(po.join('\n'))).toBe(false);
    expect(classify(modelFromLines(po)).type).toBe('PURCHASE_ORDER');
    const order = ['DO Date: 01 Mar 2025 Valid till: 16/03/2025', 'Store Name Siddhivinayak Telecom', 'Customer Name RADHIKA KAMATH', 'Asset Price 32,999.00', 'Down Payment 6,600.00', 'Loan Amount 26,399.00', 'Total Payable 6,600.00', 'Payment mode Cash'];
    expect(receiptShape(order.join('\n'))).toBe(false);
  });
});

describe('delivery and purchase orders', () => {
  it('DO: "Cost of Asset" is the asset\'s price, not the loan amount; the customer without "Mr."', () => {
    const d = extractFields('DELIVERY_ORDER', modelFromLines(['DELIVERY ORDER', 'Customer Name : Mr. Rahul Rao', 'Cost of Asset 45,999.00', 'Loan Amount 36,799.00'])).data;
    expect(d.amount.value).toBe(45999);
    expect(d.customer_name.value).toBe('Rahul Rao');
  });

  it('PO: "Buyer Details" / "Supplier Details" columns with generic "Name:" keys; a letter addressed to the supplier; an order pad\'s "No."', () => {
    const two = pageFromRows([
      [0.05, [0.3, 'PURCHASE ORDER']],
      [0.1, [0.05, 'Order No.'], [0.4, 'Order Date']],
      [0.12, [0.05, 'PO-2024-00042'], [0.4, '12/03/2024']],
      [0.2, [0.05, 'Buyer Details'], [0.5, 'Supplier Details']],
      [0.22, [0.05, 'Name:'], [0.15, 'Sunrise Mart'], [0.5, 'Name:'], [0.6, 'Star Supplies']],
      [0.5, [0.6, 'Total Order Value'], [0.85, 'Rs. 1,18,000.00']],
    ]);
    const d = extractFields('PURCHASE_ORDER', two).data;
    expect([d.buyer_name.value, d.supplier_name.value, d.po_number.value, d.po_date.value, d.total_amount.value]).toEqual(['Sunrise Mart', 'Star Supplies', 'PO-2024-00042', '12/03/2024', 118000]);
    const letter = extractFields('PURCHASE_ORDER', modelFromLines(['JANATA OPTICIANS', 'PURCHASE ORDER', 'No. 3305', 'Date 16.08.2025', 'To,', 'The Sales Manager,', 'M/s. Balaji Supplies,', '12, MG Road, Pune - 411001', 'Dear Sir, please supply the following goods at the rates below.', 'For Janata Opticians'])).data;
    expect([letter.po_number.value, letter.supplier_name.value, letter.buyer_name.value]).toEqual(['3305', 'Balaji Supplies', 'Janata Opticians']);
    expect(classify(modelFromLines(['PURCHASE ORDER', 'Ref. No.: PO/347/2024', 'we are pleased to place an order with you', 'Total 1,000.00 GST 180.00', 'Qty Rate Amount 10.00'])).type).toBe('PURCHASE_ORDER');
  });
});

describe('invoices: the dealer\'s GSTIN by its key', () => {
  it('a GSTIN under the buyer\'s key or another identifier\'s (PAN, CIN) is not the dealer\'s, wherever the customer block starts', () => {
    const beside = pageFromRows([
      [0.03, [0.05, 'TAX INVOICE']],
      [0.1, [0.05, 'Customer Name'], [0.45, 'Rahul Sharma']],
      [0.16, [0.05, "Buyer's GSTIN"], [0.45, '29AABCR5678L1ZN']],
      [0.22, [0.05, 'GSTIN'], [0.45, '27AAPFS1234K1ZW']],
      [0.28, [0.05, 'Grand Total'], [0.45, 'Rs. 45,999.00']],
    ]);
    expect(extractFields('INVOICE', beside).data.dealer_gst.value).toBe('27AAPFS1234K1ZW');
    const colon = modelFromLines(['TAX INVOICE', 'Customer Name: Rahul Sharma', 'PAN: 29AABCR5678L1ZN', 'GST Number: 27AAPFS1234K1ZW', 'Grand Total: Rs. 45,999.00']);
    expect(extractFields('INVOICE', colon).data.dealer_gst.value).toBe('27AAPFS1234K1ZW');
    const ours = modelFromLines(['TAX INVOICE', 'Customer Name: Rahul Sharma', 'GSTIN: 29AABCR5678L1ZN', 'Our GSTIN: 27AAPFS1234K1ZW', 'Grand Total: Rs. 45,999.00']);
    expect(extractFields('INVOICE', ours).data.dealer_gst.value).toBe('27AAPFS1234K1ZW');
  });
});

describe('business names without the firm title', () => {
  it('an invoice\'s dealer and a DO\'s dealer drop "M/s" / "M/S." / "Messrs" (a "Sri" of the firm\'s own name stays)', () => {
    const inv = (name: string) => extractFields('INVOICE', modelFromLines(['TAX INVOICE', `Dealer Name: ${name}`, 'Invoice No.: SGM/1187', 'Grand Total: Rs. 45,999.00'])).data.dealership_name?.value;
    expect(inv('M/s Shree Ganesh Mobiles')).toBe('Shree Ganesh Mobiles');
    expect(inv('M/S. Sri Balaji Traders')).toBe('Sri Balaji Traders');
    expect(inv('Messrs Kumar Electronics')).toBe('Kumar Electronics');
    const d = extractFields('DELIVERY_ORDER', modelFromLines(['DELIVERY ORDER', 'Dealer Name: M/s Sai Krupa Electronics', 'Customer Name: Sunita Patil', 'Asset Cost: Rs. 18,999/-'])).data;
    expect(d.dealer_name.value).toBe('Sai Krupa Electronics');
  });

  it('DO: a co-applicant printed before the applicant is another party, not the customer', () => {
    for (const lines of [
      ['DELIVERY ORDER', 'Co-Applicant Name: Rajesh Patil', 'Applicant Name: Sunita Patil', 'Asset Cost: Rs. 18,999/-'],
      ['DELIVERY ORDER', 'Co-Applicant: Rajesh Patil', 'Applicant: Sunita Patil', 'Asset Cost: Rs. 18,999/-'],
      ['DELIVERY ORDER', 'Co Borrower Name: Rajesh Patil', 'Borrower Name: Sunita Patil', 'Asset Cost: Rs. 18,999/-'],
    ]) {
      expect(extractFields('DELIVERY_ORDER', modelFromLines(lines)).data.customer_name.value).toBe('Sunita Patil');
    }
  });
});

describe('purchase orders: a form\'s field is no section heading', () => {
  it('a key with its own value beside or under it ("Vendor | Sanjay Kulkarni") does not make the keys below it the other party\'s', () => {
    const beside = pageFromRows([
      [0.03, [0.05, 'PURCHASE ORDER']],
      [0.1, [0.05, 'PO No.'], [0.45, 'PO/2024-25/0417']],
      [0.16, [0.05, 'Vendor'], [0.45, 'Sanjay Kulkarni']],
      [0.22, [0.05, 'Purchaser Name'], [0.45, 'Maruti Agro Foods Pvt. Ltd.']],
      [0.28, [0.05, 'Total Order Value'], [0.45, 'INR 2,36,000.00']],
    ]);
    expect(extractFields('PURCHASE_ORDER', beside).data.buyer_name.value).toBe('Maruti Agro Foods Pvt. Ltd.');
    const below = pageFromRows([
      [0.03, [0.05, 'PURCHASE ORDER']],
      [0.1, [0.05, 'PO No.']],
      [0.145, [0.05, 'PO/2024-25/0417']],
      [0.2, [0.05, 'Vendor']],
      [0.245, [0.05, 'Sanjay Kulkarni']],
      [0.3, [0.05, 'Purchaser Name']],
      [0.345, [0.05, 'Maruti Agro Foods Pvt. Ltd.']],
    ]);
    expect(extractFields('PURCHASE_ORDER', below).data.buyer_name.value).toBe('Maruti Agro Foods Pvt. Ltd.');
  });
});

describe('IMEI labels', () => {
  it('the offer price beats the struck-out MRP, and a price is money ("5G" under "BEST PRICE" is not)', () => {
    const d = extractFields('IMEI_CLOSEUP_IMAGE', modelFromLines(['BEST PRICE', 'vivo T3x 5G', `IMEI 1 ${IMEI_1}`, `IMEI 2 ${IMEI_2}`, 'MRP 27,399.00', 'Offer Price ₹ 25,999.00'])).data;
    expect(d.price.value).toBe(25999);
    expect(d.model.value).toBe('vivo T3x 5G');
  });

  it('a box label whose IMEI lines were lost is still classified by its maker and memory', () => {
    expect(classify(modelFromLines(['OPPO', 'Model: OPPO K12x 5G', 'Memory: 4 GB RAM | 128 GB ROM', 'MRP 41,199.00'])).type).toBe('IMEI_CLOSEUP_IMAGE');
  });
});

describe('validators and readings', () => {
  it('a name or model made of form words is a label read as a value', () => {
    expect(plausible('dealer_name', 'Customer Name Mobile No.')).toBe('fail');
    expect(plausible('asset_model', 'Asset Cost')).toBe('fail');
    expect(plausible('dealer_name', 'Galaxy Mobile Care')).toBe('pass');
  });

  it('two readings agreeing raise a value to the auto-accept band; disagreeing ones cap it', () => {
    const f = (value: string | number, confidence_score: number) => ({ value, confidence_score });
    const a = { data: { dealership_name: f('LIGHTROOM GALLERY SDN BHD', 0.5), total_invoice_amount: f(73, 0.6), dealer_address: f('', 0) } };
    const b = { data: { dealership_name: f('LIGHTROOMGALLERY SDN BHD', 0.5), total_invoice_amount: f(78, 0.9), dealer_address: f('No: 28, Jalan Astana 1C, 41050 Klang', 0.5) } };
    const m = mergeReadings(a, b).data;
    expect(m.dealership_name).toEqual(f('LIGHTROOM GALLERY SDN BHD', AGREED_FLOOR));
    expect(m.total_invoice_amount).toEqual(f(78, DISAGREE_CAP));
    expect(m.dealer_address.value).toBe('No: 28, Jalan Astana 1C, 41050 Klang');
    expect(sameReading('81100 JOHOR BAHRU', '81100JOHORBAHRU')).toBe(true);
  });
});

describe('dev layouts (written apart from the extractor), read without OCR', () => {
  for (const type of ['INVOICE', 'DELIVERY_ORDER', 'PURCHASE_ORDER', 'IMEI_CLOSEUP_IMAGE'] as const) {
    it(`${type}: every family classified and every field right`, () => {
      const map = FIELD_MAP[type];
      const byField = new Map(Object.values(map).map(([f, c]) => [f, c] as const));
      const misses: string[] = [];
      for (const family of Object.keys(FAMILIES[type] ?? {})) {
        for (let i = 0; i < 2; i++) {
          const layout = devLayout(1, family, i);
          const model = new DocumentModel(layout.pages.flatMap((p, k) => pageBlocks(p, k + 1)));
          expect(classify(model).type, `${family} #${i}`).toBe(type);
          const data = extractFields(type as DocumentType, model).data;
          for (const [t, want] of Object.entries(layout.truth)) {
            const m: [string, Cmp] | undefined = map[t] ?? (byField.has(t) ? [t, byField.get(t)!] : undefined);
            if (m && want !== '' && !same(m[1], data[m[0]]?.value, want)) misses.push(`${family} #${i} ${m[0]}: ${JSON.stringify(data[m[0]]?.value)}`);
          }
        }
      }
      expect(misses).toEqual([]);
    });
  }
});

describe('DELIVERY_ORDER without its title: a lender\'s own words', () => {
  // a DO whose letterhead and title were cut off the scan: what is left names the asset, the borrower and the hand-over
  const headless = () =>
    pageFromRows([
      [0.2, [0.05, 'Dealer Name: Balaji Traders']],
      [0.22, [0.05, 'Dealer Address: 192, Temple Street']],
      [0.24, [0.05, 'Salt Lake, Jaipur, Rajasthan - 302099']],
      [0.28, [0.05, 'Name of Borrower: Nikhil Kumar']],
      [0.3, [0.05, 'Mobile: +91 9814908048']],
      [0.32, [0.05, 'Model: Samsung Galaxy A15 5G']],
      [0.34, [0.05, 'Asset Value: Rs. 22,899.00']],
      [0.36, [0.05, 'Processing Fee: Rs. 900.00']],
      [0.4, [0.05, 'Please hand over the asset to the borrower only after verifying the original KYC.']],
    ]);

  it('is a delivery order by its asset captions, its borrower and its hand-over', () => {
    const c = classify(headless());
    expect(c.type).toBe('DELIVERY_ORDER');
    expect(c.evidence).toEqual(expect.arrayContaining(['asset-captions', 'borrower', 'deliver-to-customer']));
  });
});
