/**
 * The commercial documents on layouts of the fifth dev set (test/fixtures/documents/dev5: written
 * apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
const classifyType = (m: Parameters<typeof classify>[0]) => classify(m).type;
import { pageFromRows } from './rows.ts';

describe('invoice: an e-invoice as the IRP portal prints it', () => {
  const page = () =>
    pageFromRows([
      [0.03, [0.43, 'e-Invoice']],
      [0.11, [0.05, 'Ack. No : 126466689107297'], [0.5, 'Ack. Date : 2025-11-05 10:30:00']],
      [0.18, [0.05, 'Supply Type Code :'], [0.25, 'B2B'], [0.5, 'Document No :'], [0.68, 'TI-2080']],
      [0.21, [0.05, 'Place of Supply :'], [0.25, 'KARNATAKA'], [0.5, 'Document Date :'], [0.68, '04/11/2025']],
      [0.29, [0.05, 'Supplier'], [0.55, 'Recipient']],
      [0.31, [0.05, 'GSTIN : 29PUSCB4731M2ZF'], [0.55, 'GSTIN : 29QSKFU1357Q5ZQ']],
      [0.33, [0.05, 'Bhagyalaxmi Surgicals'], [0.55, 'Ujjwal Packaging Pvt. Ltd.']],
      [0.35, [0.05, 'Plot 135, Court Road, Jayanagar,'], [0.55, 'H.No. 13, Court Road, Behala,']],
      [0.37, [0.05, 'Bengaluru, Karnataka - 560465'], [0.55, 'Bengaluru 560695, Karnataka']],
      [0.39, [0.05, 'Phone : 7688458871'], [0.55, 'Phone : 6102542110']],
      [0.57, [0.05, 'SlNo'], [0.1, 'Item Description'], [0.5, 'Qty'], [0.8, 'Amount (Rs)']],
      [0.59, [0.05, '1'], [0.1, 'Commercial Deep Freezer 400 L'], [0.5, '1 NOS'], [0.8, '82,000.00']],
      [0.65, [0.05, "Tax'ble Amt"], [0.3, 'CGST Amt'], [0.5, 'SGST Amt'], [0.8, 'Total Inv. Amt']],
      [0.67, [0.05, '82,000.00'], [0.3, '7,380.00'], [0.5, '7,380.00'], [0.8, '96,760.00']],
      [0.72, [0.05, 'Eway Bill No. : 103672830031'], [0.5, 'Valid Till Date : 07/11/2025']],
    ]);

  it('"Document No" / "Document Date" are the invoice\'s number and date; the e-way bill number is not', () => {
    const d = extractFields('INVOICE', page()).data;
    expect(d.invoice_number.value).toBe('TI-2080');
    expect(d.invoice_date.value).toBe('04/11/2025');
  });

  it('the party boxes print their GSTIN first: the name is the line under it; Recipient is the customer', () => {
    const d = extractFields('INVOICE', page()).data;
    expect(d.dealership_name.value).toBe('Bhagyalaxmi Surgicals');
    expect(d.dealer_gst.value).toBe('29PUSCB4731M2ZF');
    expect(d.customer_name.value).toBe('Ujjwal Packaging Pvt. Ltd.');
    expect(d.customer_address.value).toBe('H.No. 13, Court Road, Behala, Bengaluru 560695, Karnataka');
  });

  it('boxes side by side: the customer\'s phone is the one in the Recipient\'s column', () => {
    expect(extractFields('INVOICE', page()).data.customer_mobile_number.value).toBe('6102542110');
  });

  it('a totals row printed as captions above values: "Total Inv. Amt" is the value under it', () => {
    expect(extractFields('INVOICE', page()).data.total_invoice_amount.value).toBe(96760);
  });

  it('a table column headed "Total" is no caption of one value', () => {
    const m = pageFromRows([
      [0.05, [0.1, 'TAX INVOICE']],
      [0.3, [0.05, 'Item'], [0.5, 'Qty'], [0.8, 'Total']],
      [0.32, [0.05, 'Phone cover'], [0.5, '1'], [0.8, '250.00']],
      [0.34, [0.05, 'Screen guard'], [0.5, '1'], [0.8, '199.00']],
    ]);
    expect(extractFields('INVOICE', m).data.total_invoice_amount.value).not.toBe(250);
  });
});

describe('purchase order: a government e-marketplace contract and an e-mailed order', () => {
  const gem = () =>
    pageFromRows([
      [0.01, [0.05, 'Government e Marketplace']],
      [0.07, [0.44, 'Contract']],
      [0.1, [0.05, 'Contract No: GEMC-511687747005284'], [0.6, 'Generated Date : 01-Sep-2024']],
      [0.15, [0.05, 'Organisation Details']],
      [0.2, [0.05, 'Ministry / Department'], [0.3, 'Department of Health & Family Welfare']],
      [0.22, [0.05, 'Organisation Name'], [0.3, 'Konkan Rural Health Mission Society']],
      [0.27, [0.05, 'Buyer Details']],
      [0.29, [0.05, 'Designation'], [0.3, 'Store Officer']],
      [0.56, [0.05, 'Seller Details']],
      [0.6, [0.05, 'Company Name'], [0.3, 'Kamdhenu Stationers']],
      [0.75, [0.05, '#'], [0.1, 'Item Description'], [0.6, 'Ordered Qty'], [0.8, 'Total (INR)']],
      [0.77, [0.05, '1'], [0.1, 'Split Air Conditioner 1.5 Ton'], [0.6, '8 pieces'], [0.8, '3,27,920.00']],
      [0.8, [0.6, 'Total Contract Value (INR)'], [0.8, '3,27,920.00']],
    ]);

  it('is a purchase order: "Contract No" and "Total Contract Value"', () => {
    expect(classifyType(gem())).toBe('PURCHASE_ORDER');
  });

  it('"Contract No" is the order number; "Organisation Name" the buyer; "Company Name" under the seller\'s heading the supplier only', () => {
    const d = extractFields('PURCHASE_ORDER', gem()).data;
    expect(d.po_number.value).toBe('GEMC-511687747005284');
    expect(d.buyer_name.value).toBe('Konkan Rural Health Mission Society');
    expect(d.supplier_name.value).toBe('Kamdhenu Stationers');
  });

  const mail = () =>
    pageFromRows([
      [0.04, [0.05, 'Purchase Order UJJ-PO-52460 - Urgent requirement']],
      [0.11, [0.05, 'To: shabana@mangalamelectr.in']],
      [0.15, [0.05, 'Dear Smt. Yadav,']],
      [0.23, [0.07, 'PO No.'], [0.2, 'U)J-PO-52460']],
      [0.25, [0.07, 'PO Date'], [0.2, '13.11.2025']],
      [0.26, [0.07, 'Party'], [0.2, 'M/s. Mangalam Electricals']],
      [0.43, [0.63, 'Grand Total'], [0.81, '16,868.10']],
    ]);

  it('the number in the mail\'s subject when the body\'s is unreadable; a mailbox is no supplier, "Party : M/s. X" is', () => {
    const d = extractFields('PURCHASE_ORDER', mail()).data;
    expect(d.po_number.value).toBe('UJJ-PO-52460');
    expect(d.supplier_name.value).toBe('Mangalam Electricals');
  });
});

describe('delivery order: a lender\'s POS slip abbreviates its cost labels', () => {
  it('"PROD PRICE" / "INVOICE AMT" are the asset\'s price, not the loan or the down payment', () => {
    for (const label of ['PROD PRICE :', 'INVOICE AMT :']) {
      const m = pageFromRows([
        [0.03, [0.38, 'KONARK FINCORP']],
        [0.05, [0.39, 'DELIVERY ORDER']],
        [0.1, [0.21, 'DO NO'], [0.35, ': 8483338324']],
        [0.28, [0.21, 'CUSTOMER'], [0.35, ': MAMTA DHILLON']],
        [0.39, [0.21, `${label} 30999.00`]],
        [0.4, [0.21, 'DOWN PMT'], [0.35, ': 6,699.00']],
        [0.42, [0.21, 'LOAN AMT'], [0.35, ': 24,300.00']],
      ]);
      expect(extractFields('DELIVERY_ORDER', m).data.amount.value).toBe(30999);
    }
  });
});

describe('electricity bill: a consumption history table under the bill details', () => {
  it('"Date of Bill" beside its value is the bill date; "Bill Date" heading the history column is not', () => {
    const m = pageFromRows([
      [0.05, [0.3, 'DUPLICATE BILL']],
      [0.2, [0.05, 'Consumer No.'], [0.3, 'Consumer Name']],
      [0.22, [0.05, '774-5885-62801'], [0.3, 'Shabana Rawat']],
      [0.37, [0.05, 'Date of Bill'], [0.2, '08/11/2025']],
      [0.39, [0.05, 'Due Date'], [0.2, '23-11-2025']],
      [0.5, [0.05, 'Total Amount Payable'], [0.3, '7,303.00']],
      [0.66, [0.05, 'Bill Month'], [0.2, 'Bill Date'], [0.35, 'Units'], [0.5, 'Bill Amount']],
      [0.68, [0.05, 'Oct-2025'], [0.2, '08/10/2025'], [0.35, '512'], [0.5, '3,402.00']],
      [0.7, [0.05, 'Sep-2025'], [0.2, '08/09/2025'], [0.35, '498'], [0.5, '3,310.00']],
    ]);
    expect(extractFields('EBILL', m).data.bill_date.value).toBe('08/11/2025');
  });
});

describe('delivery order: a bank branch\'s DO for a farm loan', () => {
  const page = (implement: boolean) =>
    pageFromRows([
      [0.02, [0.2, 'SAHYADRI COMMERCIAL BANK LTD.']],
      [0.1, [0.4, 'DELIVERY ORDER']],
      [0.14, [0.05, 'D.0. No. : SC/AGL/2024/418'], [0.75, 'Date : 02-10-2025']],
      [0.17, [0.05, 'To,']],
      [0.19, [0.05, 'The Manager,']],
      [0.32, [0.05, 'You are requested to deliver the same to the borrower on receipt of the margin money and to send us']],
      [0.48, [0.06, '5. Make & Model of Tractor'], [0.4, '6. Engine HP / Colour']],
      [0.49, [0.06, 'Sonalika DI 745 lll Sikander'], [0.4, '50 HP / Blue']],
      [0.53, [0.06, 'Particulars'], [0.85, 'Amount (Rs.)']],
      [0.55, [0.06, 'Tractor Sonalika DI 745 III Sikander (ex-showroom)'], [0.85, '8,10,000.00']],
      ...(implement ? [[0.565, [0.06, 'Rotavator 6 ft'], [0.85, '1,14,000.00']] as [number, [number, string], [number, string]]] : []),
      [0.58, [0.06, 'Total Cost of Tractor & Implements'], [0.82, 'Rs. 9,24,000.00']],
      [0.6, [0.06, 'Less : Margin money paid by borrower'], [0.85, '1,84,800.00']],
      [0.64, [0.06, 'Loan amount sanctioned / to be released'], [0.85, '7,39,200.00']],
    ]);

  it('"D.0. No." (a zero read for the O) is the DO number; the page is a delivery order', () => {
    const m = page(true);
    expect(classifyType(m)).toBe('DELIVERY_ORDER');
    expect(extractFields('DELIVERY_ORDER', m).data.order_number.value).toBe('SC/AGL/2024/418');
  });

  it('"Make & Model of Tractor" names the asset; a generation\'s "III" read as "lll" is repaired', () => {
    expect(extractFields('DELIVERY_ORDER', page(true)).data.asset_model.value).toBe('Sonalika DI 745 III Sikander');
  });

  it('the amount is the total cost row (tractor and implements), not the ex-showroom row under "Amount (Rs.)"', () => {
    const d = extractFields('DELIVERY_ORDER', page(true)).data;
    expect(d.amount.value).toBe(924000);
    expect(d.amount.confidence_score).toBeGreaterThan(0.6);
  });
});

describe('invoice: dot-matrix print on pre-printed continuous stationery', () => {
  const page = () => {
    const m = pageFromRows([
      [0.04, [0.3, 'GURUKRIPA TELECOM']],
      [0.07, [0.31, 'Authorised Dealer : Mobiles, LED TV & Home Appliances']],
      [0.088, [0.25, '401/13, College Road, Opp. Petrol Pump, Dadar East, Jaipur 302859, Rajasthan']],
      [0.104, [0.26, 'Ph : 7251794216 GSTIN : 08JEUCG3882U5ZM']],
      [0.128, [0.44, 'TAX INVOICE']],
      [0.159, [0.07, "Party's Name & Address :"], [0.58, 'Invoice No.'], [0.76, 'Date']],
      [0.18, [0.08, 'MRS. MAMTA DHILLON'], [0.59, '2291'], [0.77, '16.10.2024']],
      [0.764, [0.65, 'GRAND TOTAL'], [0.8, '16,999.00']],
    ]);
    return m;
  };

  it('a caption over its value struck further down than a pair allows: "Invoice No." over "2291"', () => {
    // (the rows helper gives every row the same height; the captions' gap is what matters)
    expect(extractFields('INVOICE', page()).data.invoice_number.value).toBe('2291');
  });

  it('the tagline "Authorised Dealer : Mobiles, …" under the shop name is no part of its address', () => {
    expect(extractFields('INVOICE', page()).data.dealer_address.value).toBe('401/13, College Road, Opp. Petrol Pump, Dadar East, Jaipur 302859, Rajasthan');
  });
});

describe('delivery order: the thermal slip\'s dealer block and its arithmetic', () => {
  const slip = (price: string) =>
    pageFromRows([
      [0.03, [0.38, 'KONARK FINCORP']],
      [0.05, [0.39, 'DELIVERY ORDER']],
      [0.1, [0.21, 'DO NO'], [0.35, ': 8483338324']],
      [0.193, [0.36, 'BHAGYALAXMI TELECOM']],
      [0.208, [0.215, '470/5, GREEN PARK SOCIETY, CANAL ROAD,']],
      [0.224, [0.215, 'HADAPSAR, MUMBAI, MAHARASHTRA - 400589']],
      [0.239, [0.215, 'DLR CODE'], [0.35, 'JYB12589']],
      [0.285, [0.215, 'CUSTOMER'], [0.35, ': MAMTA DHILLON']],
      [0.39, [0.215, `PROD PRICE : ${price}`]],
      [0.406, [0.215, 'DOWN PMT'], [0.35, ': 6,699.00']],
      [0.422, [0.215, 'LOAN AMT'], [0.35, ': 24,300.00']],
    ]);

  it('the dealer\'s label lost: the name over a PIN-ending address right above "DLR CODE" is the dealer and its address', () => {
    const d = extractFields('DELIVERY_ORDER', slip('30999.00')).data;
    expect(d.dealer_name.value).toBe('BHAGYALAXMI TELECOM');
    expect(d.dealer_address.value).toBe('470/5, GREEN PARK SOCIETY, CANAL ROAD, HADAPSAR, MUMBAI, MAHARASHTRA - 400589');
  });

  it('a price the down payment plus the loan miss by paise only had a digit misread: review', () => {
    expect(extractFields('DELIVERY_ORDER', slip('30999.00')).data.amount.confidence_score).toBeGreaterThan(0.6);
    const d = extractFields('DELIVERY_ORDER', slip('30999.60')).data;
    expect(d.amount.value).toBe(30999.6);
    expect(d.amount.confidence_score).toBeLessThanOrEqual(0.4);
  });

  it('an addressee\'s name OCR broke into pieces on its line is in doubt', () => {
    const m = pageFromRows([
      [0.02, [0.2, 'SAHYADRI COMMERCIAL BANK LTD.']],
      [0.1, [0.4, 'DELIVERY ORDER']],
      [0.17, [0.05, 'To,']],
      [0.19, [0.05, 'The Manager,']],
      [0.207, [0.05, 'M/s. Ch'], [0.22, 'da Agro Equip']],
      [0.225, [0.05, 'Plot 199, Court Road, Near Bus Stand, Aundh,']],
      [0.241, [0.05, 'Chennai 600604, Tamil Nadu']],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.dealer_name.confidence_score).toBeLessThanOrEqual(0.5);
  });
});

describe('purchase order: the buyer of an e-mailed order', () => {
  it('is the business in the sender\'s signature (its address under it), not the mail header nor the quoted quotation\'s signature', () => {
    const m = pageFromRows([
      [0.016, [0.05, '18/11/2025, 13:14'], [0.3, 'Mail - purchase@ujjwalindustri.in']],
      [0.044, [0.05, 'Purchase Order UJJ-PO-52460 - Urgent requirement']],
      [0.1, [0.12, 'Ramesh Nair <purchase@ujjwalindustri.in>'], [0.78, 'Thu, 13 Nov 2025 at 18:51']],
      [0.116, [0.05, 'To: shabana@mangalamelectr.in']],
      [0.23, [0.07, 'PO No.'], [0.2, 'UJJ-PO-52460']],
      [0.43, [0.63, 'Grand Total'], [0.81, '16,868.10']],
      [0.467, [0.05, 'Regards,']],
      [0.483, [0.05, 'Ramesh Nair']],
      [0.5, [0.05, 'Purchase Manager']],
      [0.515, [0.05, 'Ujjwal Industries']],
      [0.531, [0.05, '419/10, Sai Krupa Apartments, College Road, Jaipur, Rajasthan - 302699']],
      [0.574, [0.05, 'On Sun, 9 Nov 2025 at 10:00, Shabana Yadav <shabana@mangalamelectr.in> wrote:']],
      [0.64, [0.07, 'Thanks & Regards,']],
      [0.655, [0.07, 'Shabana Yadav']],
      [0.669, [0.07, 'For Mangalam Electricals']],
      [0.683, [0.07, 'Kolkata, West Bengal - 700495']],
    ]);
    expect(extractFields('PURCHASE_ORDER', m).data.buyer_name.value).toBe('Ujjwal Industries');
  });
});

describe('IMEI box label: a ruled grid of captions over values', () => {
  it('"RAM | ROM | M.R.P." over "6 GB | 128 GB | Rs. 14,999.00": each caption\'s value is under it', () => {
    const m = pageFromRows([
      [0.13, [0.1, 'IQOO'], [0.8, 'DUAL SIM 5G']],
      [0.21, [0.1, 'Model'], [0.35, 'Model No.'], [0.6, 'Colour']],
      [0.25, [0.1, 'Z9 Lite 5G'], [0.35, '12403'], [0.6, 'Forest Green']],
      [0.31, [0.1, 'RAM'], [0.25, 'ROM'], [0.4, 'M.R.P. (Incl. of all taxes)']],
      [0.36, [0.1, '6 GB'], [0.25, '128 GB'], [0.6, 'Rs. 14,999.00']],
      [0.47, [0.1, 'IMEI No. 1'], [0.5, 'IMEI No. 2']],
      [0.62, [0.2, '867923605469225'], [0.63, '867923606204464']],
    ]);
    const d = extractFields('IMEI_CLOSEUP_IMAGE', m).data;
    expect(d.ram.value).toBe('6 GB');
    expect(d.rom.value).toBe('128 GB');
  });

  it('the captions unread: two sizes side by side are RAM then storage, the one rupee amount the price, by shape alone (≤ 0.7)', () => {
    const m = pageFromRows([
      [0.13, [0.1, '1IQO0'], [0.8, 'DUAL SIM 5G']],
      [0.36, [0.1, '6 GB'], [0.25, '128 GB']],
      [0.361, [0.65, 'Rs. 14,999.00']],
      [0.62, [0.2, '867923605469225'], [0.63, '867923606204464']],
    ]);
    const d = extractFields('IMEI_CLOSEUP_IMAGE', m).data;
    expect(d.ram.value).toBe('6 GB');
    expect(d.rom.value).toBe('128 GB');
    expect(d.price.value).toBe(14999);
    for (const f of [d.ram, d.rom, d.price]) expect(f.confidence_score).toBeLessThanOrEqual(0.7);
  });
});

describe('electricity bill: a portal\'s consumer cards, photographed', () => {
  it('"Consumer Name" in a row of captions has its value under it; "Supply Addres" (its last letter lost) is still the supply address', () => {
    const m = pageFromRows([
      [0.12, [0.41, 'DUPLICATE BILL']],
      [0.179, [0.065, 'Service'], [0.14, 'Connection No.'], [0.362, 'Consumer Name'], [0.65, 'Category']],
      [0.196, [0.064, '774-5885-62801'], [0.362, 'Shabana Rawat'], [0.65, 'LT-11 Non Domestic']],
      [0.273, [0.068, 'Supply Addres'], [0.222, '124/11, Royal Arcade, College Road,']],
      [0.288, [0.222, 'Indiranagar, Chennai, Tamil Nadu - 600498']],
      [0.374, [0.065, 'Date of Bill'], [0.2, '08/11/2025']],
      [0.6, [0.065, 'Total Amount Payable'], [0.8, '7,303.00']],
    ]);
    const d = extractFields('EBILL', m).data;
    expect(d.consumer_name.value).toBe('Shabana Rawat');
    expect(d.address.value).toBe('124/11, Royal Arcade, College Road, Indiranagar, Chennai, Tamil Nadu - 600498');
  });
});

describe('invoice: an OCR speck between a totals caption row and its values', () => {
  it('"Total Inv. Amt" still reads the value under it', () => {
    const m = pageFromRows([
      [0.05, [0.4, 'TAX INVOICE']],
      [0.637, [0.07, "Tax'ble Amt"], [0.3, 'CGST Amt'], [0.5, 'SGST Amt'], [0.8, 'Total Inv. Amt']],
      [0.65, [0.07, '1']],
      [0.665, [0.07, '82,000.00'], [0.3, '7,380.00'], [0.5, '7,380.00'], [0.8, '96,760.00']],
    ]);
    expect(extractFields('INVOICE', m).data.total_invoice_amount.value).toBe(96760);
  });
});

describe('bank statement: a payments bank app\'s captioned header', () => {
  const page = (ifsc: string) =>
    pageFromRows([
      [0.024, [0.13, 'tista'], [0.7, 'Account Statement']],
      [0.051, [0.13, 'Tista Payments Bank'], [0.6, '27th February, 2024 - 27th May, 2024']],
      [0.105, [0.05, 'Account Holder'], [0.35, 'Account Number'], [0.62, 'IFSC']],
      [0.119, [0.05, 'Roshni Tripathi'], [0.35, '9405804489777'], [0.62, ifsc]],
      [0.951, [0.05, 'Tista Payments Bank Ltd.'], [0.4, 'Regd. Office: Lucknow, Uttar Pradesh - 226209']],
    ]);

  it('an IFSC under its caption with its reserved "0" read twice ("TIPB0O000001") is read as a repair', () => {
    const d = extractFields('BANK_STATEMENT', page('TIPB0O000001')).data;
    expect(d.ifsc.value).toBe('TIPB0000001');
    expect(d.ifsc.confidence_score).toBeLessThan(0.9);
  });

  it('no caption over it: a twelve-character code is left alone', () => {
    const m = pageFromRows([
      [0.05, [0.1, 'Statement of Account']],
      [0.119, [0.05, 'Roshni Tripathi'], [0.62, 'TIPB0O000001']],
    ]);
    expect(extractFields('BANK_STATEMENT', m).data.ifsc.value).toBe('');
  });
});
