/**
 * Commercial documents on layouts of the fifteenth dev set (test/fixtures/documents/dev15: pages as a lender
 * receives them from shops and field staff, written apart from the extractor): each general fix reduced to
 * the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('EBILL: a meter reader\'s spot bill on a thermal roll', () => {
  // (the roll's captions abbreviated and without their full words; label left, value at the right edge)
  const spotBill = () =>
    pageFromRows([
      [0.03, [0.34, 'MALABAR PNG LTD']],
      [0.07, [0.31, 'SPOT BILL CUM NOTICE']],
      [0.11, [0.05, 'Consumer No:'], [0.75, 'BR38883240']],
      [0.13, [0.05, 'Name:']],
      [0.15, [0.05, 'ANKUSH PILLAI']],
      [0.17, [0.05, 'Addr:']],
      [0.19, [0.05, 'Qtr. No. 441, Sai Krupa, Mithanpura']],
      [0.21, [0.05, 'Muzaffarpur, Bihar - 842769']],
      [0.29, [0.05, 'Prev Rdg Dt:'], [0.75, '11.07.2025']],
      [0.31, [0.05, 'Curr Rdg Dt:'], [0.75, '09.08.2025']],
      [0.33, [0.05, 'Bill Gen. Dt:'], [0.75, '10.08.2025']],
      [0.35, [0.05, 'Due Dt:'], [0.75, '20.08.2025']],
      [0.47, [0.05, 'Gas Charges'], [0.75, '643.50']],
      [0.53, [0.05, 'Arrears'], [0.75, '453.50']],
      [0.59, [0.05, 'Pay by due date'], [0.72, 'Rs. 1,179.00']],
      [0.63, [0.05, 'After due date'], [0.75, '1,279.00']],
      [0.65, [0.05, 'Last Paid: 553.00'], [0.75, '17.07.2025']],
    ]);

  it('"Addr:" alone on its line heads the consumer\'s address', () => {
    expect(extractFields('EBILL', spotBill()).data.address.value).toBe('Qtr. No. 441, Sai Krupa, Mithanpura, Muzaffarpur, Bihar - 842769');
  });

  it('"Bill Gen. Dt" is the bill date, never the reading dates before it or the due date', () => {
    expect(extractFields('EBILL', spotBill()).data.bill_date.value).toBe('10/08/2025');
  });

  it('"Pay by due date" beside its figure is the amount due (the line reads as prose for its lower-case words)', () => {
    expect(extractFields('EBILL', spotBill()).data.amount_due.value).toBe(1179);
  });
});

describe('DELIVERY_ORDER: a lender\'s short letter to the dealer', () => {
  const letter = () =>
    pageFromRows([
      [0.04, [0.08, 'Periyar Easy Loans Ltd.']],
      [0.07, [0.08, 'Branch: H.No. 380, Negi Complex, Ayyanthole, Thrissur, Kerala - 680188']],
      [0.11, [0.08, 'Ref PEL37719244'], [0.72, 'Dt. 18th November, 2024']],
      [0.14, [0.08, 'To,']],
      [0.16, [0.08, 'The Authorised Dealer,']],
      [0.18, [0.08, 'Krishna Teeram Electronics']],
      [0.2, [0.08, 'House 96, Station Road, Ayyanthole, Thrissur']],
      [0.21, [0.08, 'Kerala - 680917']],
      [0.25, [0.08, 'Sub: Delivery Order cum Payment Undertaking - Loan A/c UX2599590343']],
      [0.3, [0.08, 'We are pleased to inform you that a consumer durable loan has been sanctioned on 16th November, 2024']],
      [0.32, [0.08, 'to our customer named below for the purchase of the product given in the table.']],
      [0.37, [0.09, 'Name of Customer'], [0.27, 'Mr. Birsa Dhiman']],
      [0.39, [0.09, 'Contact No.'], [0.27, '6034673020']],
      [0.48, [0.09, 'Make'], [0.3, 'Product Model'], [0.55, 'Amt. of Invoice']],
      [0.5, [0.09, 'OnePlus'], [0.3, 'Nord CE4 Lite 5G'], [0.55, 'Rs. 19,999/-']],
      [0.52, [0.09, 'Down Payment'], [0.3, 'Loan Amt.'], [0.55, 'EMI x Tenure']],
      [0.55, [0.09, 'Rs. 2,000/-'], [0.3, 'Rs. 17,999/-'], [0.55, '3,000.00 x 6']],
    ]);

  it('"Ref <number>" at the top left without a colon is the order number', () => {
    expect(extractFields('DELIVERY_ORDER', letter()).data.order_number.value).toBe('PEL37719244');
  });

  it('"Dt. <date>" at the top right is the order date, not the sanction date in the prose', () => {
    expect(extractFields('DELIVERY_ORDER', letter()).data.order_date.value).toBe('18/11/2024');
  });

  it('"Amt. of Invoice" is the asset cost, not the down payment or the loan under it', () => {
    expect(extractFields('DELIVERY_ORDER', letter()).data.amount.value).toBe(19999);
  });
});

describe('BANK_STATEMENT: a branch counter\'s mini statement on a thermal roll', () => {
  const roll = () =>
    pageFromRows([
      [0.03, [0.06, 'KRISHNA GODAVARI SMALL FINANCE BANK LTD.']],
      [0.06, [0.34, 'MUZAFFARPUR BRANCH']],
      [0.14, [0.22, 'IFSC KGSFOBR7311 MICR 986083937']],
      [0.18, [0.37, 'MINI STATEMENT']],
      [0.2, [0.05, 'Dt 12/06/2024'], [0.75, 'Time 19:52']],
      [0.24, [0.05, 'Account No'], [0.7, '86356058887626']],
      [0.26, [0.05, 'Cust. Name']],
      [0.28, [0.05, 'SUSHMA YADAV']],
      [0.3, [0.05, 'Cust ID'], [0.75, '693835672']],
      [0.32, [0.05, 'From'], [0.75, '15/03/2024']],
      [0.34, [0.05, 'To'], [0.75, '12/06/2024']],
      [0.38, [0.05, 'Date Particulars'], [0.7, 'Amount Bal']],
      [0.42, [0.05, '15/03 OPENING BAL'], [0.75, '15,321.35']],
      [0.44, [0.05, '15/03 SMS CHGS'], [0.7, '7,529.00 Dr']],
      [0.8, [0.05, 'Closing Bal'], [0.7, '23,590.85 Cr']],
    ]);

  it('"Mini Statement" and "Closing Bal" make it a statement (the IFSC misread, no other title)', () => {
    expect(classify(roll()).type).toBe('BANK_STATEMENT');
  });

  it('a "From" row over a "To" row, each date at the row\'s end, is the period', () => {
    const d = extractFields('BANK_STATEMENT', roll()).data;
    expect(d.period_from.value).toBe('15/03/2024');
    expect(d.period_to.value).toBe('12/06/2024');
  });
});

describe('EBILL: a postpaid mobile bill titled "Bill of Supply cum Tax Invoice"', () => {
  it('a billing period, a due date and a plan\'s rental make it a utility bill, not an invoice of a sale', () => {
    const page = pageFromRows([
      [0.02, [0.05, 'Dhauladhar Telecom Ltd.'], [0.66, 'Bill of Supply cum Tax Invoice']],
      [0.05, [0.05, 'Postpaid Mobile Services']],
      [0.09, [0.05, 'RAJINDER KUSHWAHA'], [0.57, 'Account No.'], [0.8, '637619874832']],
      [0.13, [0.05, 'Gaya, Bihar - 823439'], [0.57, 'Invoice No.'], [0.8, 'BJ2707149742']],
      [0.15, [0.57, 'Invoice Date'], [0.8, '19-03-2024']],
      [0.17, [0.57, 'Billing Period'], [0.75, '17-02-2024 - 18-03-2024']],
      [0.18, [0.57, 'Due Date'], [0.8, '29-03-2024']],
      [0.26, [0.08, 'Previous Balance'], [0.3, 'Payments'], [0.5, 'Current Charges'], [0.75, 'Amount Payable']],
      [0.28, [0.1, '815.82'], [0.3, '-815.82'], [0.5, '558.00'], [0.75, '558.00']],
      [0.4, [0.06, 'Current Charges'], [0.5, 'HSN/SAC'], [0.75, 'Amount (Rs.)']],
      [0.42, [0.06, 'Monthly Rental - Smart 499'], [0.5, '998422'], [0.75, '399.00']],
      [0.47, [0.06, 'CGST @ 9%'], [0.75, '42.53']],
      [0.95, [0.08, 'Dhauladhar Telecom Ltd., GSTIN 05AAACD1234F1ZV, Regd. Office: Rajpur Road, Dehradun']],
    ]);
    expect(classify(page).type).toBe('EBILL');
  });
});

describe('EBILL: a telecom bill\'s "Invoice Date"', () => {
  it('is the bill date, among the billing period\'s dates and the due date', () => {
    const page = pageFromRows([
      [0.02, [0.05, 'Dhauladhar Telecom Ltd.'], [0.66, 'Tax Invoice']],
      [0.05, [0.05, 'Postpaid Mobile Services']],
      [0.09, [0.57, 'Account No.'], [0.8, '637619874832']],
      [0.13, [0.57, 'Invoice No.'], [0.8, 'BJ2707149742']],
      [0.15, [0.57, 'Invoice Date'], [0.8, '19-03-2024']],
      [0.17, [0.57, 'Billing Period'], [0.75, '17-02-2024 - 18-03-2024']],
      [0.19, [0.57, 'Due Date'], [0.8, '29-03-2024']],
    ]);
    expect(extractFields('EBILL', page).data.bill_date.value).toBe('19/03/2024');
  });
});

describe('IMEI_CLOSEUP_IMAGE: the maker\'s model code printed beside the marketing name', () => {
  it('"Model: RMX3997 (12x 5G)": the name in brackets, not the code', () => {
    const page = pageFromRows([
      [0.17, [0.1, 'REALME']],
      [0.22, [0.1, 'Model: RMX3997 (12x 5G)']],
      [0.27, [0.1, '4GB RAM + 128GB ROM']],
      [0.36, [0.1, 'IMEI 863751271857538']],
    ]);
    expect(extractFields('IMEI_CLOSEUP_IMAGE', page).data.model.value).toBe('12x 5G');
  });

  it('"RMX3997 | 12x 5G" under the brand alone: the name in the cell beside the code', () => {
    const page = pageFromRows([
      [0.08, [0.1, 'REALME'], [0.7, 'SMARTPHONE']],
      [0.11, [0.1, 'RMX3997'], [0.25, '12x 5G']],
      [0.2, [0.1, 'Variant:'], [0.2, '6 GB RAM'], [0.35, '128 GB Storage']],
      [0.35, [0.1, 'IMEI(SIM1) 863890953389186']],
    ]);
    expect(extractFields('IMEI_CLOSEUP_IMAGE', page).data.model.value).toBe('12x 5G');
  });
});

describe('INVOICE: a till roll\'s customer block', () => {
  it('"Addr:" with a hanging indent under it is the customer\'s address', () => {
    const page = pageFromRows([
      [0.03, [0.24, 'NAINITAL ELECTRONICS']],
      [0.06, [0.08, 'Ward No. 32, H.No. 209, Negi Complex, Lalpur']],
      [0.08, [0.25, 'Ranchi, Jharkhand - 834245']],
      [0.1, [0.25, 'GSTIN/UIN: 20BRYPN2429H1ZL']],
      [0.16, [0.4, 'TAX INVOICE']],
      [0.2, [0.05, 'Inv No.: CM/24-25/357'], [0.75, 'Dt.: 05-01-2024']],
      [0.26, [0.05, 'Name: Sreejith Hembrom']],
      [0.28, [0.05, 'Mobile: 9378663572']],
      [0.3, [0.05, 'Addr: Ward No. 32, H.No. 447, Court Road']],
      [0.32, [0.17, 'Doranda, Ranchi, Jharkhand - 834013']],
      [0.4, [0.05, 'Haier HRF-2674BS 240 L Refrigerator']],
      [0.55, [0.05, 'NET AMT'], [0.75, '37,000.00']],
    ]);
    expect(extractFields('INVOICE', page).data.customer_address.value).toBe('Ward No. 32, H.No. 447, Court Road, Doranda, Ranchi, Jharkhand - 834013');
  });
});

describe('DELIVERY_ORDER: a lender portal\'s DO details in a printed e-mail', () => {
  const mail = () =>
    pageFromRows([
      [0.04, [0.06, 'DO generated - 8232857639 - Sowmya Reddy']],
      [0.29, [0.07, 'DELIVERY ORDER DETAILS']],
      [0.315, [0.07, 'DO No'], [0.25, '8232857639'], [0.52, 'Dealer Name'], [0.69, 'Pahadi Mobile Point']],
      [0.341, [0.07, 'DO Date'], [0.25, '19-APR-2024'], [0.52, 'Dealer Code'], [0.69, 'DLR58009']],
      [0.367, [0.07, 'Application ID'], [0.25, 'APP70328425'], [0.52, 'Dealer Addr.'], [0.69, 'H.No. 85, Station Road, West Hill']],
      [0.38, [0.69, 'Kozhikode, Kerala - 673546']],
      [0.394, [0.07, 'Registered Mobile'], [0.3, '8626347083']],
      [0.42, [0.07, 'Borrower Name'], [0.25, 'Sowmya Reddy'], [0.52, 'Asset Model'], [0.69, 'Neo Diva VX 6 kg Front Load']],
      [0.46, [0.52, 'Invoice Amount'], [0.69, '61,000.00']],
    ]);

  it('"Dealer Addr." heads the dealer\'s address', () => {
    expect(extractFields('DELIVERY_ORDER', mail()).data.dealer_address.value).toBe('H.No. 85, Station Road, West Hill, Kozhikode, Kerala - 673546');
  });

  it('"Registered Mobile" is the borrower\'s mobile, not the DO number in the subject', () => {
    expect(extractFields('DELIVERY_ORDER', mail()).data.customer_mobile_number.value).toBe('8626347083');
  });
});

describe('PURCHASE_ORDER: an ERP extract\'s ladder', () => {
  it('"PO Amount (INR)" at its foot is the total, not the sub-total or the tax above it', () => {
    const page = pageFromRows([
      [0.05, [0.05, 'PURCHASE ORDER']],
      [0.1, [0.05, 'PO No.'], [0.2, '4582704079'], [0.5, 'PO Date'], [0.65, '10.09.2024']],
      [0.43, [0.05, '5218567'], [0.15, 'MS Angle 50x50x5'], [0.45, '360'], [0.55, 'KG'], [0.65, '68.00'], [0.85, "24,480.00"]],
      [0.462, [0.62, 'Sub Total'], [0.85, '4,64,190.00']],
      [0.479, [0.62, 'IGST 18%'], [0.85, '83,554.20']],
      [0.496, [0.62, 'Freight'], [0.85, '0.00']],
      [0.513, [0.62, 'Round Off'], [0.85, '-0.20']],
      [0.53, [0.62, 'PO Amount (INR)'], [0.85, '5,47,744.00']],
    ]);
    expect(extractFields('PURCHASE_ORDER', page).data.total_amount.value).toBe(547744);
  });
});

describe('EBILL: a telecom bill\'s customer block without a caption', () => {
  it('the name at the top left with a PIN-ending address under it is the consumer and the billing address', () => {
    const page = pageFromRows([
      [0.02, [0.05, 'Dhauladhar Telecom Ltd.'], [0.66, 'Tax Invoice']],
      [0.05, [0.05, 'Postpaid Mobile Services']],
      [0.09, [0.05, 'RAJINDER KUSHWAHA'], [0.57, 'Account No.'], [0.8, '637619874832']],
      [0.11, [0.05, 'Shop No. 65, Main Road, A P Colony'], [0.57, 'Mobile No.'], [0.8, '6466382813']],
      [0.13, [0.05, 'Gaya, Bihar - 823439'], [0.57, 'Invoice No.'], [0.8, 'BJ2707149742']],
      [0.15, [0.05, 'Contact 8384098517'], [0.57, 'Invoice Date'], [0.8, '19-03-2024']],
      [0.17, [0.57, 'Billing Period'], [0.75, '17-02-2024 - 18-03-2024']],
      [0.19, [0.57, 'Due Date'], [0.8, '29-03-2024']],
    ]);
    const d = extractFields('EBILL', page).data;
    expect(d.consumer_name.value).toBe('RAJINDER KUSHWAHA');
    expect(d.address.value).toBe('Shop No. 65, Main Road, A P Colony, Gaya, Bihar - 823439');
  });
});
