/**
 * The commercial documents on layouts of the eleventh dev set (test/fixtures/documents/dev11: written
 * apart from the extractor, pages whose type is not obvious): each general fix reduced to the few
 * synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
import { DECLARATIONS } from '#core/documents/registry.ts';
import { pageFromRows } from './rows.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';

const cue = (type: string, name: string) => DECLARATIONS.find((d) => d.type === type)!.cues.find((c) => c.name === name)!;

describe('classification: a delivery order that does not say so', () => {
  it('a lender\'s disbursement advice quoting the dealer\'s invoice is a delivery order, not the invoice it quotes', () => {
    const m = pageFromRows([
      [0.02, [0.1, 'Indrayani Fincap Pvt. Ltd.'], [0.7, 'dealerops@indrayani.example']],
      [0.08, [0.08, 'DISBURSEMENT ADVICE'], [0.6, 'Order No.'], [0.75, 'DA/0792/574900']],
      [0.11, [0.6, 'Dated'], [0.75, '23/10/2024']],
      [0.15, [0.04, 'To,']],
      [0.165, [0.04, 'Vaibhav Mobile World']],
      [0.213, [0.04, 'Dealer Code : IFP-D15410 GSTIN : 33CWOCV6429B4ZX']],
      [0.254, [0.04, 'We have sanctioned a loan to the customer below for the product in your invoice quoted in section B.']],
      [0.34, [0.05, 'Customer Name'], [0.3, 'Shri Kamlesh Hiremath']],
      [0.38, [0.05, 'Loan Account No.'], [0.3, 'IFPLN8719445238']],
      [0.478, [0.05, 'Dealer Invoice No.'], [0.3, 'Invoice Date'], [0.55, 'Invoice Value']],
      [0.492, [0.05, '2711'], [0.3, '21 Oct 2024'], [0.55, 'INR 39990.00']],
      [0.653, [0.06, 'Invoice Value'], [0.85, '39,990.00']],
      [0.672, [0.06, 'Less : Down payment collected by dealer'], [0.85, '4,000.00']],
      [0.691, [0.06, 'Loan Amount'], [0.85, '35,990.00']],
      [0.729, [0.06, 'Net Amount Remitted'], [0.85, '34,910.00']],
      [0.761, [0.04, '1. Deliver only to the customer named above, after verifying the OTP sent to the registered mobile.']],
    ]);
    const c = classify(m);
    expect(c.type).toBe('DELIVERY_ORDER');
    for (const name of ['deliver-to-customer', 'loan-computation', 'disbursement', 'lender-approval', 'loan-account']) expect(c.evidence).toContain(name);
  });

  it('an EMI card\'s "Purchase Authorisation" numbered "DO Ref." is a delivery order, not the phone it names', () => {
    const m = pageFromRows([
      [0.01, [0.04, 'Indrayani Fincap'], [0.7, 'Customer care 1800 327 5978']],
      [0.09, [0.12, 'PURCHASE AUTHORISATION']],
      [0.166, [0.07, 'INDRAYANI FINCAP'], [0.3, 'EMI CARD']],
      [0.39, [0.05, 'Auth. No. (DO Ref.)'], [0.3, 'Date of Issue']],
      [0.41, [0.05, 'AUTH15266418'], [0.3, '05-JUL-2025']],
      [0.44, [0.05, 'Asset Model'], [0.5, 'Asset Cost']],
      [0.457, [0.05, 'iQOO Z9 Lite 5G 8GB/256GB'], [0.5, '26,999.00']],
      [0.69, [0.04, 'Dealer: deliver only after the customer shows this slip and the EMI card. Record the serial / IMEI in the dealer app.']],
    ]);
    const c = classify(m);
    expect(c.type).toBe('DELIVERY_ORDER');
    for (const name of ['do-no', 'deliver-to-customer', 'lender-approval', 'emi-card']) expect(c.evidence).toContain(name);
  });

  it('the authorisation blurred to its title and the card\'s name is still a delivery order', () => {
    const m = pageFromRows([
      [0.09, [0.12, 'PURCHASE AUTHORISATION']],
      [0.117, [0.12, 'Approved. Show this slip and your EMI card at the store']],
      [0.166, [0.07, 'INDRAYANI FINCAP'], [0.3, 'EMI CARD']],
      [0.62, [0.06, 'Mangal Murti Electronics']],
    ]);
    expect(classify(m).type).toBe('DELIVERY_ORDER');
  });

  it('a firm\'s internal purchase authorisation (no EMI, no loan) is no lender\'s approval', () => {
    expect(cue('DELIVERY_ORDER', 'lender-approval').test('PURCHASE AUTHORISATION FORM\nDepartment : Stores\nItem : Printer toner')).toBe(false);
    expect(cue('DELIVERY_ORDER', 'lender-approval').test('PURCHASE AUTHORISATION\nEMI CARD')).toBe(true);
  });
});

describe('classification: orders without "purchase order" in their title', () => {
  it('a contractor\'s work order with a "Bill To / Invoice To" box and GSTIN is a purchase order', () => {
    const m = pageFromRows([
      [0.03, [0.13, 'Vaibhav Packaging Industries']],
      [0.067, [0.13, 'GSTIN : 29HCJCV2824A7ZZ']],
      [0.1, [0.4, 'WORK ORDER']],
      [0.135, [0.05, 'To (Contractor)'], [0.63, 'Order No.'], [0.8, 'WO/24-25/117']],
      [0.154, [0.05, 'Harsiddhi Engineering Works'], [0.63, 'Dated'], [0.8, '24-03-2025']],
      [0.267, [0.05, 'Invoice To (Billing Address)'], [0.5, 'Deliver To (Site)']],
      [0.285, [0.05, 'Vaibhav Packaging Industries'], [0.5, 'Plant 2']],
      [0.325, [0.05, 'GSTIN : 29HCJCV2824A7ZZ']],
      [0.423, [0.05, 'Sr.'], [0.1, 'Description of Work'], [0.6, 'Unit'], [0.7, 'Qty'], [0.85, 'Amount (Rs.)']],
      [0.446, [0.05, '1'], [0.1, 'Supply, fabrication & erection of MS structure'], [0.6, 'Kg'], [0.7, '3319'], [0.85, '3,41,857.00']],
      [0.511, [0.73, 'Sub Total'], [0.85, '5,48,883.00']],
      [0.532, [0.71, 'IGST @ 18%'], [0.85, '98,798.94']],
      [0.571, [0.6, 'Total Work Order Value'], [0.85, 'Rs. 6,47,682/-']],
      [0.738, [0.04, '3. Bills in triplicate quoting the order number and the Bill To GSTIN above.']],
      [0.866, [0.05, 'Accepted by the Contractor'], [0.7, 'For Vaibhav Packaging Industries']],
    ]);
    const c = classify(m);
    expect(c.type).toBe('PURCHASE_ORDER');
    for (const name of ['work-order', 'bill-against-order', 'order-acceptance']) expect(c.evidence).toContain(name);
  });

  it('an ERP order\'s last page (no title; number in the running header, "Vendor :", its terms) is a purchase order', () => {
    const m = pageFromRows([
      [0.011, [0.04, 'Bhairav Dairy Products'], [0.4, 'Order No. 4500012345 Dt. 27-11-2024'], [0.85, 'Page 2 of 2']],
      [0.03, [0.04, 'Kolkata GSTIN 19ZACFB7194R2ZW']],
      [0.06, [0.04, 'Vendor : Mangal Murti Tools & Hardware (Code 149872)'], [0.7, '(continued from previous page)']],
      [0.109, [0.04, 'Item'], [0.1, 'Material Description'], [0.45, 'HSN'], [0.6, 'Qty'], [0.7, 'Rate'], [0.85, 'Value (INR)']],
      [0.151, [0.04, '70'], [0.1, 'Contactor 32 A 3-pole 415 V AC'], [0.45, '8536'], [0.6, '6'], [0.7, '2,199.00'], [0.85, '13,194.00']],
      [0.327, [0.65, 'Total Basic Value'], [0.85, '5,30,485.00']],
      [0.365, [0.7, 'CGST @ 9%'], [0.85, '48,221.09']],
      [0.384, [0.7, 'SGST @ 9%'], [0.85, '48,221.08']],
      [0.422, [0.68, 'Grand Total'], [0.85, 'Rs. 6,32,232.00']],
      [0.448, [0.04, 'Amount in words : Rupees Six Lakh Thirty Two Thousand Two Hundred Thirty Two Only']],
      [0.5, [0.04, '7. Payment : 45 days from receipt of material and a correct tax invoice.']],
      [0.513, [0.04, '8. Invoice must quote this order number, item numbers and our GSTIN.']],
      [0.909, [0.04, 'Vendor acknowledgement :'], [0.8, 'Authorised Signatory']],
    ]);
    const c = classify(m);
    expect(c.type).toBe('PURCHASE_ORDER');
    for (const name of ['vendor-key', 'this-order', 'bill-against-order', 'order-acceptance']) expect(c.evidence).toContain(name);
  });

  it('"a correct tax invoice" asked for in an order\'s terms is not the page\'s title', () => {
    const taxInvoice = cue('INVOICE', 'tax-invoice');
    expect(taxInvoice.test('Payment : 45 days from receipt of material and a correct tax invoice.')).toBe(false);
    expect(taxInvoice.test('Surya Power Systems\nTAX INVOICE\nInvoice No. 12')).toBe(true);
    expect(taxInvoice.test('This is a computer generated document\nTAX INVOICE')).toBe(true);
  });
});

describe('classification: an invoice titled as a delivery challan', () => {
  it('"Challan cum Bill" with a financier\'s DO quoted is the invoice', () => {
    const m = pageFromRows([
      [0.033, [0.05, 'Mangal Murti Cool Point'], [0.7, 'CHALLAN CUM BILL']],
      [0.094, [0.05, 'GSTIN : 08TBMPM2119N4Z0'], [0.6, 'Bill No.'], [0.8, 'MA/24-25/2530']],
      [0.151, [0.05, 'DELIVERY DETAILS']],
      [0.173, [0.06, 'Order No.'], [0.3, 'Order Date'], [0.55, 'Challan No.']],
      [0.264, [0.06, 'Financed by Sarayu Consumer Finance Ltd. DO No. DO438376794 dated 07/11/2024 12 EMIs']],
      [0.297, [0.06, 'Consignee (Delivery Address)'], [0.5, 'Bill To (Buyer)']],
      [0.44, [0.06, '1'], [0.1, 'Kent Grand Plus RO Water Purifier'], [0.5, '84212120'], [0.85, '15,800.00']],
      [0.562, [0.62, 'Bill Amount'], [0.8, 'Rs. 18,644.00']],
    ]);
    const c = classify(m);
    expect(c.type).toBe('INVOICE');
    expect(c.evidence).toContain('challan-cum-invoice');
  });
});

describe('classification: a statement not titled "statement"', () => {
  it('a firm\'s "Details of Transactions" that mentions Udyam offers and MSME is a bank statement', () => {
    const row = (top: number, date: string, text: string, amount: string, balance: string): [number, ...[number, string][]] => [top, [0.05, date], [0.15, date], [0.25, text], [0.7, amount], [0.85, balance]];
    const m = pageFromRows([
      [0.033, [0.12, 'Subarnarekha Bank Ltd.'], [0.7, 'Details of Transactions']],
      [0.1, [0.06, 'BRANCH DETAILS'], [0.5, 'CUSTOMER DETAILS']],
      [0.116, [0.06, 'Lucknow Market Yard Branch'], [0.5, 'M/S EKDANT INDUSTRIAL CORPORATION']],
      [0.159, [0.06, 'MICR : 521247310'], [0.5, 'GSTIN : 09TRAPE8270K8ZV']],
      [0.211, [0.05, 'Account Number'], [0.3, 'Account Type'], [0.55, 'Period']],
      [0.224, [0.05, '29802636012761'], [0.3, 'Current - MSME Plus'], [0.55, 'From 12 Feb 2024 To 11 May 2024']],
      [0.326, [0.05, 'Txn Date'], [0.15, 'Value Date'], [0.25, 'Description'], [0.55, 'Ref / Chq No'], [0.7, 'Debit'], [0.85, 'Balance']],
      row(0.349, '17/02/2024', 'NEFT DR-MANGAL MURTI ENGINEERING WORKS-PO 461', '29,800.36', '1,56,222.10'),
      row(0.378, '27/02/2024', 'BBPS/ELECTRICITY BILL/BRECS CA 1033512379', '9,900.00', '1,46,322.10'),
      row(0.426, '03/03/2024', 'RTGS CR/MANGAL MURTI TRADERS/AGAINST INVOICE NO 4004', '47,800.00', '1,94,122.10'),
      row(0.455, '24/03/2024', 'UPI/CR/420287122462/MOHINI HIREMATH/BILL 931', '62,700.00', '2,56,822.10'),
      [0.723, [0.04, 'Please report any discrepancy within 15 days. Contact your Relationship Manager for Udyam-linked offers.']],
    ]);
    const c = classify(m);
    expect(c.type).toBe('BANK_STATEMENT');
    for (const name of ['transactions-title', 'transaction-columns', 'dated-balance-rows']) expect(c.evidence).toContain(name);
  });

  it('rows of a ledger open with a date and close with a balance; item rows with a delivery date inside do not', () => {
    const rows = cue('BANK_STATEMENT', 'dated-balance-rows');
    const ledger = ['17/02/2024 NEFT DR 29,800.36 1,56,222.10', '27-Feb-2024 BBPS 9,900.00 1,46,322.10', '03.03.2024 RTGS CR 47,800.00 1,94,122.10 Cr', '24/03/24 UPI 62,700.00 2,56,822.10 Dr'];
    expect(rows.test(ledger.join('\n'))).toBe(true);
    expect(rows.test(ledger.slice(0, 3).join('\n'))).toBe(false);
    expect(rows.test(['70 Contactor 32 A 20.12.2024 13,194.00', '80 FRL unit 25.12.2024 73,098.00', '90 Seal 13.12.2024 65,231.00', '100 Fastener 15.12.2024 18,840.00'].join('\n'))).toBe(false);
  });
});

describe('classification: cue vocabulary', () => {
  it('a phone label\'s memory printed name first ("RAM 6 GB / ROM 128 GB") is a memory specification', () => {
    expect(cue('IMEI_CLOSEUP_IMAGE', 'memory-spec').test('Variant : RAM 6 GB / ROM 128 GB')).toBe(true);
  });

  it('a utility\'s "Total Payable" is the amount due', () => {
    expect(cue('EBILL', 'amount-due').test('Current Bill Date 25-12-2025\nTotal Payable\n1,633.00')).toBe(true);
  });
});

describe('purchase order: the contractor and the vendor', () => {
  it('"To (Contractor)": the bracketed role is the key\'s, the contractor is the line under it', () => {
    const m = pageFromRows([
      [0.03, [0.13, 'Vaibhav Packaging Industries']],
      [0.054, [0.13, '281/13, Green Park Society, Court Road, Aundh, Bengaluru, Karnataka - 560585']],
      [0.1, [0.4, 'WORK ORDER']],
      [0.135, [0.05, 'To (Contractor)'], [0.63, 'Order No.'], [0.8, 'WO/24-25/117']],
      [0.154, [0.05, 'Harsiddhi Engineering Works'], [0.63, 'W.O. Date'], [0.8, '24-03-2025']],
      [0.171, [0.05, 'Shop No. 278, Laxmi Complex, Tilak Road, Aundh, Mumbai,']],
      [0.185, [0.05, 'Maharashtra - 400269']],
    ]);
    expect(extractFields('PURCHASE_ORDER', m).data.supplier_name.value).toBe('Harsiddhi Engineering Works');
  });

  it('the vendor\'s code in the buyer\'s books after its name is no part of it', () => {
    const m = pageFromRows([
      [0.011, [0.04, 'Bhairav Dairy Products'], [0.4, 'PO No. PO/24-25/1086 PO Date 27-11-2024']],
      [0.06, [0.04, 'Vendor : Mangal Murti Tools & Hardware (Code 149872)'], [0.7, '(continued from previous page)']],
      [0.076, [0.04, 'Vendor GSTIN : 19HQUCM0868G1ZR']],
    ]);
    expect(extractFields('PURCHASE_ORDER', m).data.supplier_name.value).toBe('Mangal Murti Tools & Hardware');
  });
});

describe('bank statement: the IFSC', () => {
  it('a firm\'s name with an 11-letter word ("CORPORATION") is not the IFSC printed on the branch\'s "IFSC :" line', () => {
    const m = pageFromRows([
      [0.033, [0.12, 'Subarnarekha Bank Ltd.'], [0.7, 'Details of Transactions']],
      [0.1, [0.06, 'BRANCH DETAILS'], [0.5, 'CUSTOMER DETAILS']],
      [0.116, [0.06, 'Lucknow Market Yard Branch'], [0.5, 'M/S EKDANT INDUSTRIAL CORPORATION']],
      [0.159, [0.06, 'IFSC : SUBL0422867 MICR : 521247310'], [0.5, 'GSTIN : 09TRAPE8270K8ZV']],
      [0.211, [0.05, 'Account Number'], [0.3, '29802636012761']],
    ]);
    expect(extractFields('BANK_STATEMENT', m).data.ifsc.value).toBe('SUBL0422867');
  });
});

describe('delivery order: a card lender\'s purchase authorisation', () => {
  const slip = () =>
    pageFromRows([
      [0.01, [0.04, 'Indrayani Fincap'], [0.7, 'Customer care 1800 327 5978']],
      [0.09, [0.12, 'PURCHASE AUTHORISATION']],
      [0.39, [0.05, 'Auth. No. (DO Ref.)'], [0.3, 'Date of Issue'], [0.55, 'Valid Till']],
      [0.41, [0.05, 'AUTH15266418'], [0.3, '05-JUL-2025'], [0.55, '10/07/2025']],
      [0.44, [0.05, 'Asset Model'], [0.5, 'Asset Cost']],
      [0.457, [0.05, 'iQOO Z9 Lite 5G 8GB/256GB'], [0.5, '26,999.00']],
      [0.602, [0.06, 'Redeem at'], [0.6, 'Store ID 844827']],
      [0.62, [0.06, 'Mangal Murti Electronics']],
      [0.639, [0.06, 'Shop No. 181, Om Residency, Court Road, Goregaon West, Bengaluru,']],
      [0.655, [0.06, 'Karnataka - 560029']],
      [0.69, [0.04, 'Dealer: deliver only after the customer shows this slip and the EMI card.']],
    ]);

  it('the dealer is the store in the "Redeem at" / "Valid only at" box at its foot', () => {
    const d = extractFields('DELIVERY_ORDER', slip()).data;
    expect(d.dealer_name.value).toBe('Mangal Murti Electronics');
    expect(d.dealer_address.value).toBe('Shop No. 181, Om Residency, Court Road, Goregaon West, Bengaluru, Karnataka - 560029');
  });

  it('"Auth. No. (DO Ref.)" numbers the order', () => {
    expect(extractFields('DELIVERY_ORDER', slip()).data.order_number.value).toBe('AUTH15266418');
  });
});

describe('electricity bill: the consumer and a relative', () => {
  const bill = (nameCaption: string) =>
    pageFromRows([
      [0.03, [0.05, 'Mahi Kantha Electricity Supply Co. Ltd.']],
      [0.091, [0.27, 'DEMAND NOTE FOR ENERGY CHARGES']],
      [0.138, [0.05, 'Service Connection No. . . . . . . .'], [0.45, '114-1835-9246']],
      [0.157, [0.05, nameCaption], [0.45, 'LEELA VENKATESAN']],
      [0.178, [0.05, 'Father\'s / Husband\'s Name . . .'], [0.45, 'ANIL VENKATESAN']],
      [0.367, [0.6, 'Net Amount Payable'], [0.8, 'Rs. 2,293.00']],
    ]);

  it('"Father\'s / Husband\'s Name" names a relative, never the consumer, when the consumer\'s caption was misread', () => {
    expect(extractFields('EBILL', bill('Nme of CONSUMR .....voveiee ieee ene')).data.consumer_name.value).not.toBe('ANIL VENKATESAN');
  });

  it('a dotted leader that took the caption\'s last letter ("Name of CONSUME.") still captions the name', () => {
    expect(extractFields('EBILL', bill('Name of CONSUME. . . . .')).data.consumer_name.value).toBe('LEELA VENKATESAN');
  });
});

describe('invoice: a Hindi sale bill printed in Latin letters', () => {
  const bill = () =>
    pageFromRows([
      [0.03, [0.28, 'Ambika Mobile World']],
      [0.055, [0.32, 'Sabhi prakar ke Electronic Saaman ke Vikreta']],
      [0.075, [0.19, 'Door No. 466-26, Church Street, Opp. SBI ATM, Hadapsar, Mumbai 400231, Maharashtra']],
      [0.095, [0.31, 'GSTIN : 27KMHCA8290U9ZF'], [0.55, 'Mob. : 6328638876']],
      [0.148, [0.44, 'SALE BILL']],
      [0.187, [0.07, 'Bill Sankhya'], [0.3, 'Dinank'], [0.5, 'Bhugtan Prakar'], [0.7, 'Vikreta (Salesman)']],
      [0.205, [0.07, 'B-2799'], [0.3, '04.02.2025'], [0.5, 'UPI + Finance'], [0.7, 'Nadeem']],
      [0.238, [0.07, 'Grahak ka Naam'], [0.45, 'Pita / Pati ka Naam']],
      [0.252, [0.07, 'Sabina Gogoi'], [0.45, 'Anil Gogoi']],
      [0.279, [0.07, 'Pata']],
      [0.292, [0.07, 'Plot 470, Om Residency, College Road, Gomti Nagar, Mumbai, Maharashtra - 400719']],
      [0.507, [0.5, 'Kul Yog (Total)'], [0.8, 'Rs. 21,320.00']],
    ]);

  it('"Bill Sankhya" and "Grahak ka Naam" caption the number and the customer', () => {
    const d = extractFields('INVOICE', bill()).data;
    expect(d.invoice_number.value).toBe('B-2799');
    expect(d.customer_name.value).toBe('Sabina Gogoi');
  });

  it('"Pata" captions the customer\'s address (its key is the caption, not an address line)', () => {
    const m = pageFromRows([
      [0.03, [0.28, 'Ambika Mobile World']],
      [0.148, [0.44, 'SALE BILL']],
      [0.238, [0.07, 'Pata']],
      [0.256, [0.07, 'Plot 470, Om Residency, College Road, Gomti Nagar, Mumbai, Maharashtra - 400719']],
    ]);
    expect(extractFields('INVOICE', m).data.customer_address.value).toBe('Plot 470, Om Residency, College Road, Gomti Nagar, Mumbai, Maharashtra - 400719');
  });

  it('the shop\'s trade under its name ("… ke Vikreta", "Dealers in …") is a tagline, not its address', () => {
    expect(extractFields('INVOICE', bill()).data.dealer_address.value).toBe('Door No. 466-26, Church Street, Opp. SBI ATM, Hadapsar, Mumbai 400231, Maharashtra');
  });
});

describe('invoice: a challan cum bill\'s total', () => {
  it('"Bill Amount" is the bill\'s total, after the taxes', () => {
    const m = pageFromRows([
      [0.033, [0.05, 'Mangal Murti Cool Point'], [0.7, 'CHALLAN CUM BILL']],
      [0.094, [0.05, 'GSTIN : 08TBMPM2119N4Z0'], [0.6, 'Bill No.'], [0.8, 'MA/24-25/2530']],
      [0.44, [0.06, '1'], [0.1, 'Kent Grand Plus RO Water Purifier'], [0.5, '84212120'], [0.85, '15,800.00']],
      [0.487, [0.62, 'Taxable Value'], [0.8, '15,800.00']],
      [0.505, [0.62, 'CGST @ 9%'], [0.8, '1,422.00']],
      [0.523, [0.62, 'SGST @ 9%'], [0.8, '1,422.00']],
      [0.562, [0.62, 'Bill Amount'], [0.8, 'Rs. 18,644.00']],
    ]);
    expect(extractFields('INVOICE', m).data.total_invoice_amount.value).toBe(18644);
  });
});

describe('wrong values withheld or repaired', () => {
  it('a work order\'s number with its O read twice ("WO0/24-25/117") is repaired to its abbreviation', () => {
    const m = pageFromRows([
      [0.03, [0.13, 'Vaibhav Packaging Industries']],
      [0.1, [0.4, 'WORK ORDER']],
      [0.135, [0.05, 'To (Contractor)'], [0.63, 'Order No.'], [0.8, 'WO0/24-25/117']],
      [0.154, [0.05, 'Harsiddhi Engineering Works'], [0.63, 'W.O. Date'], [0.8, '24-03-2025']],
    ]);
    expect(extractFields('PURCHASE_ORDER', m).data.po_number.value).toBe('WO/24-25/117');
  });

  it('a blurred authorisation whose dealer box was lost names no dealer: its title is not one', () => {
    const m = pageFromRows([
      [0.013, [0.04, '[1] Indrayani Fincap']],
      [0.092, [0.12, 'PURCHASE AUTHORISATION']],
      [0.117, [0.12, 'Approved. Show this slip and your EMI card at the store']],
      [0.166, [0.07, 'INDRAYANI FINCAP'], [0.3, 'EMI CARD'], [0.55, 'Hi Javed,']],
      [0.318, [0.07, 'JAVED HIREMATH']],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.dealer_name.value).not.toBe('PURCHASE AUTHORISATION');
  });
});

describe('more repairs', () => {
  it('a work order\'s abbreviation inside its number read with a zero ("KAL/W0/0023") is "WO"', () => {
    const m = pageFromRows([
      [0.03, [0.13, 'Kalash Steel Works']],
      [0.1, [0.4, 'WORK ORDER']],
      [0.135, [0.05, 'To (Contractor)'], [0.63, 'Work Order No.'], [0.8, 'KAL/W0/0023']],
      [0.154, [0.05, 'Harsiddhi Engineering Works'], [0.63, 'Order Date'], [0.8, '24-03-2025']],
    ]);
    expect(extractFields('PURCHASE_ORDER', m).data.po_number.value).toBe('KAL/WO/0023');
  });

  it('a box\'s heading read onto the consumer\'s line ("CURRENT BILL") is cut whole from the name', () => {
    const m = pageFromRows([
      [0.019, [0.044, 'Ghatprabha Vidyut Vitaran Nigam Ltd.']],
      [0.074, [0.045, 'ENERGY STATEMENT']],
      [0.128, [0.052, 'CA No. Registered Name']],
      [0.145, [0.052, '8634439836 JAYASHREE LONDHE CURRENT BILL']],
      [0.235, [0.6, 'Total Payable'], [0.8, '1,633.00']],
    ]);
    expect(extractFields('EBILL', m).data.consumer_name.value).toBe('JAYASHREE LONDHE');
  });
});

describe('labels as lenders and buyers print them', () => {
  it('"Asset Cost as per Invoice" is the DO\'s amount, not the net amount remitted after the down payment', () => {
    const m = pageFromRows([
      [0.08, [0.08, 'DISBURSEMENT ADVICE'], [0.6, 'Order No.'], [0.75, 'DA/0792/574900']],
      [0.165, [0.04, 'Vaibhav Mobile World']],
      [0.34, [0.05, 'Customer Name'], [0.3, 'Kamlesh Hiremath']],
      [0.478, [0.05, 'Dealer Invoice No'], [0.3, 'Invoice Date'], [0.55, 'Asset Cost as per Invoice']],
      [0.496, [0.05, 'INV-15569'], [0.3, '09/01/2025'], [0.55, '33,990.00']],
      [0.729, [0.06, 'Net Amount Remitted'], [0.85, '28,890.00']],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.amount.value).toBe(33990);
  });

  it('a place heading beside the buyer\'s "Invoice To" ("Work Location") is no buyer', () => {
    const m = pageFromRows([
      [0.03, [0.13, 'Dwarka Dairy Products']],
      [0.101, [0.32, 'CONTRACT WORK ORDER']],
      [0.265, [0.05, 'Invoice To (Billing Address)'], [0.5, 'Work Location']],
      [0.283, [0.05, 'Dwarka Dairy Products'], [0.5, 'Unit II']],
      [0.299, [0.05, 'Shop No. 178, Link Road, Lucknow 226367, Uttar Pradesh'], [0.5, 'H.No. 333, Old Mill Road, Lucknow 226174']],
    ]);
    expect(extractFields('PURCHASE_ORDER', m).data.buyer_name.value).not.toBe('Work Location');
  });
});

describe('IMEI label: a box end\'s specification table', () => {
  it('"Internal Storage | 128 GB (expandable up to 1 TB)": the storage is 128 GB, its expansion no capacity of its own', () => {
    const m = pageFromRows([
      [0.072, [0.06, 'Motorola']],
      // (each cell of the table read as its own line, as OCR gives it)
      [0.185, [0.064, 'Model Name']],
      [0.184, [0.219, 'moto g45 5G']],
      [0.386, [0.064, 'RAM']],
      [0.384, [0.218, '4 GB LPDDR4X']],
      [0.425, [0.064, 'Internal Storage']],
      [0.424, [0.219, '128 GB (expandable up to 1 TB)']],
      [0.513, [0.782, '355873832369624']],
    ]);
    expect(extractFields('IMEI_CLOSEUP_IMAGE', m).data.rom.value).toBe('128 GB');
  });
});

describe('electricity bill: the payable amount boxed beside the charges', () => {
  it('"Net Amount Payable" over its amount printed larger and right-aligned in its box, the charges\' rows passing beside', () => {
    // (each cell as OCR gave it: the amount taller than its caption, right-aligned under it)
    const cell = (text: string, Left: number, Top: number, Width: number, Height: number) => ({ text, box: { Left, Top, Width, Height } });
    const m = modelFromLines([
      cell('Mahi Kantha Electricity Supply Co. Ltd.', 0.052, 0.03, 0.53, 0.012),
      cell('DEMAND NOTE FOR ENERGY CHARGES', 0.271, 0.091, 0.458, 0.014),
      cell('Energy Charges', 0.059, 0.367, 0.1, 0.009),
      cell('1,863.00', 0.459, 0.367, 0.055, 0.008),
      cell('Net Amount Payable', 0.616, 0.373, 0.162, 0.01),
      cell('Fixed / Demand Charges', 0.059, 0.385, 0.155, 0.009),
      cell('270.00', 0.47, 0.385, 0.044, 0.007),
      cell('FPPCA', 0.059, 0.404, 0.039, 0.007),
      cell('48.60', 0.478, 0.404, 0.036, 0.007),
      cell('Rs. 2,293.00', 0.747, 0.399, 0.187, 0.017),
      cell('After due date : Rs. 2,339.00', 0.614, 0.453, 0.185, 0.01),
    ]);
    expect(extractFields('EBILL', m).data.amount_due.value).toBe(2293);
  });
});

describe('bank statement: the holder\'s block after the branch\'s', () => {
  it('the first line under "CUSTOMER DETAILS" is the holder, the branch block beside it first', () => {
    const m = pageFromRows([
      [0.033, [0.12, 'Subarnarekha Bank Ltd.'], [0.7, 'Details of Transactions']],
      [0.1, [0.056, 'BRANCH DETAILS'], [0.5, 'CUSTOMER DETAILS']],
      [0.116, [0.056, 'Lucknow Market Yard Branch'], [0.5, 'M/S EKDANT INDUSTRIAL CORPORATION']],
      [0.131, [0.056, 'Shop No. 319, Tilak Road, Hadapsar,'], [0.5, 'Shop No. 381, College Road,']],
      [0.146, [0.056, 'Lucknow 226652, Uttar Pradesh'], [0.5, 'Lucknow 226976, Uttar Pradesh']],
      [0.161, [0.056, 'IFSC : SUBL0422867'], [0.5, 'GSTIN : 09TRAPE8270K8ZV']],
      [0.211, [0.05, 'Account Number'], [0.3, 'Period']],
      [0.226, [0.05, '29802636012761'], [0.3, 'From 12 Feb 2024 To 11 May 2024']],
    ]);
    expect(extractFields('BANK_STATEMENT', m).data.account_holder.value).toBe('EKDANT INDUSTRIAL CORPORATION');
  });
});
