/**
 * Delivery orders, phone screens and utility bills on layouts of the twenty-eighth and twenty-ninth dev sets
 * (test/fixtures/documents/dev28, dev29: written apart from the extractor): each general fix reduced to the few lines
 * that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
import { findAmounts } from '#core/documents/validators.ts';
import { cleanName } from '#core/documents/fields/common.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import { pageFromRows } from './rows.ts';

describe('classification', () => {
  it("a lender's order under another title, printing the phone's IMEI and memory, is a DELIVERY_ORDER, not the phone's label", () => {
    const lines = [
      'Kanchan Fincorp Ltd.',
      'DEALER DELIVERY AUTHORISATION',
      'Application No. Authorisation No. LAN Date',
      'APP39791037 30152422 CD3359262733 24-02-2024',
      'Customer Authorised Channel Partner',
      'Make Tecno',
      'Model Name Pova 6 Neo 5G (12GB/256GB)',
      'IMEI 1 358184208488122',
      'Cost of Asset Rs. 23,499.00 Loan Amount Rs. 19,509.00',
      'Down Payment Rs. 3,990.00 Processing Fee Nil',
    ];
    expect(classify(modelFromLines(lines)).type).toBe('DELIVERY_ORDER');
    // (the same words without the title and the loan: a box label)
    expect(classify(modelFromLines(['Make Tecno', 'Model Name Pova 6 Neo 5G (12GB/256GB)', 'IMEI 1 358184208488122', 'MRP Rs. 23,499.00'])).type).toBe('IMEI_CLOSEUP_IMAGE');
  });

  it('a letter that sanctions a consumer loan and asks for the product to be released is a DELIVERY_ORDER, not the proforma invoice it quotes', () => {
    const lines = [
      'KANCHAN RETAIL FINANCE PVT. LTD.',
      'Sub: Release of product against finance',
      'With reference to your proforma invoice no. GST/3861 dated 31/01/2025, we have sanctioned a consumer loan to',
      'Thoibi Namgyal (mobile 8284032245) for the purchase of one Tecno Pova 6 Neo 5G (4GB/128GB), model code KJ7,',
      'and request you to deliver the product after collecting the margin money shown below.',
      'Invoice Value of Asset Rs. 19,999/-',
    ];
    expect(classify(modelFromLines(lines)).type).toBe('DELIVERY_ORDER');
  });

  it("a utility's consumer account statement cum bill is an EBILL, though it has a ledger's rows and words", () => {
    const lines = [
      'Karavali Power Distribution Company Ltd. CONSUMER ACCOUNT STATEMENT CUM BILL',
      'Account ID 490679078521',
      'Statement Date 22/07/2024',
      'Meter No 19520839',
      'Tariff LT Commercial',
      'Bill No. 9741-213828',
      'Date Particulars Debit (Rs.) Credit (Rs.) Balance (Rs.)',
      '17/06/2024 Opening Balance (Bill of JUN-2024) 2,549.00 Dr',
      '26/06/2024 By Payment - UPI Rcpt 27124661 2,549.00 0.00 Dr',
      '19/07/2024 Energy Charges 912 kWh 5,617.92 5,617.92 Dr',
      '19/07/2024 Fixed Charges 80.00 5,697.92 Dr',
      'Closing Balance 6,507.13 Dr = Arrears 0.00 + Current Charges 6,507.13',
      'Amount Payable on or before 12/08/2024 Rs. 6,507.00',
      'This statement shows your account with the company like a bank pass book',
      'Month Units Billed (Rs.) Paid (Rs.) Paid on',
    ];
    expect(classify(modelFromLines(lines)).type).toBe('EBILL');
  });
});

describe('DELIVERY_ORDER', () => {
  it('a header strip of captions over values, one an acronym (LAN), pairs each caption with the value under it', () => {
    const page = pageFromRows([
      [0.03, [0.15, 'Kanchan Fincorp Ltd.']],
      [0.1, [0.27, 'DEALER DELIVERY AUTHORISATION']],
      [0.14, [0.07, 'Application No.'], [0.29, 'Authorisation No.'], [0.51, 'LAN'], [0.73, 'Date']],
      [0.158, [0.07, 'APP39791037'], [0.29, '30152422'], [0.51, 'CD3359262733'], [0.73, '24-02-2024']],
    ]);
    expect(extractFields('DELIVERY_ORDER', page).data.order_number.value).toBe('30152422');
  });

  it("a channel partner's card gives the dealer, its code in brackets dropped, and the address under it; the customer's card beside it the customer", () => {
    const page = pageFromRows([
      [0.03, [0.15, 'Kanchan Fincorp Ltd.']],
      [0.1, [0.27, 'DEALER DELIVERY AUTHORISATION']],
      [0.195, [0.06, 'Customer'], [0.52, 'Authorised Channel Partner']],
      [0.217, [0.06, 'Shrikant Tirkey'], [0.52, 'Dzukou Smart Zone (CP Code: RT20531)']],
      [0.234, [0.06, 'Sitabuldi, Nagpur - 440666'], [0.52, 'Door No. 47-100, Court Road, Sadar, Nagpur']],
      [0.251, [0.52, 'Maharashtra - 440619']],
    ]);
    const d = extractFields('DELIVERY_ORDER', page).data;
    expect(d.dealer_name.value).toBe('Dzukou Smart Zone');
    expect(d.dealer_address.value).toBe('Door No. 47-100, Court Road, Sadar, Nagpur, Maharashtra - 440619');
    expect(d.customer_name.value).toBe('Shrikant Tirkey');
  });

  it('a party code before the name is no part of it', () => {
    expect(cleanName('DLR85581 - Jhansi Fort Home Appliances')).toBe('Jhansi Fort Home Appliances');
    expect(cleanName('Dzukou Smart Zone (CP Code: RT20531)')).toBe('Dzukou Smart Zone');
    // (a name's own words stay)
    expect(cleanName('A1 Mobiles (Main Branch)')).toBe('A Mobiles (Main Branch)');
  });

  it("a boxed reference split over two lines is read whole; the retailer beside it is the dealer, its name under the key", () => {
    const page = pageFromRows([
      [0.05, [0.23, 'KANCHAN RETAIL FINANCE PVT. LTD.']],
      [0.114, [0.08, 'To,'], [0.7, 'Sanction Ref No.:']],
      [0.131, [0.08, 'Retailer:'], [0.7, 'KRF/D0/2025/']],
      [0.148, [0.08, 'Khardung Mobile World'], [0.7, '71611']],
      [0.165, [0.08, 'H. No. 249, Sai Arcade, Itwari, Nagpur, Maharashtra - 440819']],
      [0.19, [0.7, 'Date: 01.02.2025']],
    ]);
    const d = extractFields('DELIVERY_ORDER', page).data;
    expect(d.order_number.value).toBe('KRF/DO/2025/71611');
    expect(d.dealer_name.value).toBe('Khardung Mobile World');
    expect(d.dealer_address.value).toBe('H. No. 249, Sai Arcade, Itwari, Nagpur, Maharashtra - 440819');
  });

  it("a letter's borrower named as the one a loan was sanctioned to, the mobile in brackets after the name; the customer's contribution is no customer", () => {
    const page = pageFromRows([
      [0.05, [0.23, 'KANCHAN RETAIL FINANCE PVT. LTD.']],
      [0.1, [0.08, 'Sub: Release of product against finance']],
      [0.13, [0.08, 'With reference to your proforma invoice no. GST/3861 dated 31/01/2025, we have sanctioned a consumer loan to']],
      [0.147, [0.08, 'Thoibi Namgyal (mobile 8284032245) for the purchase of one Tecno Pova 6 Neo 5G (4GB/128GB), model code KJ7,']],
      [0.164, [0.08, 'and request you to deliver the product after collecting the margin money shown below.']],
      [0.2, [0.09, 'Customer Contribution'], [0.4, 'Rs. 5,000/-']],
      [0.222, [0.09, 'Invoice Value of Asset'], [0.4, 'Rs. 19,999/-']],
    ]);
    const d = extractFields('DELIVERY_ORDER', page).data;
    expect(d.customer_name.value).toBe('Thoibi Namgyal');
    expect(d.customer_mobile_number.value).toBe('8284032245');
    // (the asset from the sentence, never the money beside "Invoice Value of Asset")
    expect(d.asset_model.value).toBe('Tecno Pova 6 Neo 5G (4GB/128GB)');
  });

  it('a slip asking for "one <goods>, Model <name>" gives the model; a caption over a caption beside it is no value', () => {
    const page = pageFromRows([
      [0.05, [0.6, 'Anand Path Fincorp Ltd.']],
      [0.35, [0.07, 'DELIVERY ORDER (Retailer\'s copy)']],
      [0.387, [0.07, 'Retailer Name:'], [0.62, 'D.O. Ref.']],
      [0.404, [0.07, 'Indus Valley Agencies'], [0.62, '100/965998']],
      [0.421, [0.07, 'Ward 31, Shop 222, Hospital Road, Dimapur, Nagaland - 797317'], [0.62, 'Date: 28.11.2025']],
      [0.447, [0.07, 'Please deliver one Godrej Washing Machine, Model WTEON ADR 80 5.0 to our customer Savitri Thacker (Mobile']],
      [0.464, [0.07, '9180970580) after collecting the down payment shown below.']],
      [0.95, [0.35, 'Retailer: attach this slip to the invoice copy sent for payment.']],
    ]);
    const d = extractFields('DELIVERY_ORDER', page).data;
    expect(d.order_number.value).toBe('100/965998');
    expect(d.dealer_name.value).toBe('Indus Valley Agencies');
    expect(d.asset_model.value).toBe('WTEON ADR 80 5.0');
  });

  it("a lender's stamp on a dealer's quotation: the DO's date is the one under its number; the customer's mobile is not the dealer's", () => {
    const page = pageFromRows([
      [0.035, [0.15, 'Jhansi Fort Mobile World']],
      [0.061, [0.15, 'Plot No. 175, Itwari, Nagpur, Maharashtra - 440325']],
      [0.078, [0.15, 'GSTIN: 27IEVFW4672U8ZZ • Ph: 8421115997']],
      [0.112, [0.39, 'PRICE QUOTATION']],
      [0.141, [0.06, 'To,'], [0.79, 'Ref. No.: Q/25-26/31']],
      [0.158, [0.06, 'H. No. 359, Hospital Road, Itwari, Nagpur, Maharashtra - 440707'], [0.8, 'Date: 03/02/2025']],
      [0.175, [0.06, 'Mob: 83511-30569']],
      [0.24, [0.06, 'Sl'], [0.12, 'Description'], [0.49, 'Model Code'], [0.62, 'Qty'], [0.69, 'Rate'], [0.82, 'Amount']],
      [0.265, [0.06, '1'], [0.12, 'Motorola moto g45 5G (4GB/64GB)'], [0.49, 'XT2439-5'], [0.62, '1'], [0.69, '27,999.00'], [0.82, '27,999.00']],
      [0.49, [0.22, 'APPROVED FOR DELIVERY']],
      [0.51, [0.08, 'DO No.'], [0.18, 'SFL/D0/2025/04944']],
      [0.535, [0.08, 'Date'], [0.18, '05-02-2025']],
      [0.56, [0.08, 'Loan Amt'], [0.18, '23,799/-']],
    ]);
    const d = extractFields('DELIVERY_ORDER', page).data;
    expect(d.order_date.value).toBe('05/02/2025');
    expect(d.customer_mobile_number.value).toBe('8351130569');
    // (the caption's last word, "Code", is no model: the item's goods cell is)
    expect(d.asset_model.value).toBe('Motorola moto g45 5G (4GB/64GB)');
  });

  it('one key, two captions, two values: the DO number and the model are their own parts; the address under the point of sale', () => {
    const page = pageFromRows([
      [0.03, [0.05, 'Sahyadri Fincorp Ltd.']],
      [0.09, [0.05, 'DO / PAYMENT ASSURANCE']],
      [0.125, [0.05, 'Loan A/c / DO'], [0.3, 'CDL6414331955/SFL-POR-652785']],
      [0.145, [0.05, 'Dated'], [0.3, '16-OCT-2024']],
      [0.165, [0.05, 'Borrower'], [0.3, 'Shrikant Xalxo']],
      [0.213, [0.05, 'Point of Sale (POS)'], [0.3, 'Dzukou Cellcom']],
      [0.233, [0.05, 'POS ID'], [0.3, 'DLR37636']],
      [0.253, [0.05, 'Address'], [0.3, 'Plot No. 309, Haddo, Port Blair']],
      [0.27, [0.3, 'Andaman and Nicobar Islands - 744278']],
      [0.315, [0.05, 'Model / Code'], [0.3, 'P3x 5G (8GB/256GB) / RMX3944']],
      [0.443, [0.05, 'Product Value'], [0.3, '28,999.00']],
    ]);
    const d = extractFields('DELIVERY_ORDER', page).data;
    expect(d.order_number.value).toBe('SFL-POR-652785');
    expect(d.asset_model.value).toBe('P3x 5G (8GB/256GB)');
    expect(d.dealer_name.value).toBe('Dzukou Cellcom');
    expect(d.dealer_address.value).toBe('Plot No. 309, Haddo, Port Blair, Andaman and Nicobar Islands - 744278');
  });
});

describe('IMEI_CLOSEUP_IMAGE', () => {
  it("a phone's own screen: RAM with its extension (\"6.0 GB + 4.0 GB\") is the RAM; storage used over the total gives the total", () => {
    const page = pageFromRows([
      [0.13, [0.11, 'My phone']],
      [0.347, [0.11, 'Storage'], [0.3, 'RAM']],
      [0.383, [0.11, '34.6 GB'], [0.3, '6.0 GB + 4.0 GB']],
      [0.4, [0.11, '/128 GB'], [0.3, 'Extended']],
      [0.738, [0.11, 'IMEI'], [0.3, '860372085866616']],
    ]);
    const d = extractFields('IMEI_CLOSEUP_IMAGE', page).data;
    expect(d.ram.value).toBe('6 GB');
    expect(d.rom.value).toBe('128 GB');
  });
});

describe('IMEI_CLOSEUP_IMAGE price', () => {
  const tag = (rows: [number, ...[number, string][]][]) =>
    extractFields('IMEI_CLOSEUP_IMAGE', pageFromRows([[0.1, [0.1, 'Redmi Note 14 5G 6+128 Green']], [0.2, [0.1, 'IMEI'], [0.3, '860372085866616']], ...rows])).data.price;

  it('a selling price beside a different MRP is the price, reviewed: which of the two a reader means is a convention', () => {
    const p = tag([[0.3, [0.1, 'MRP'], [0.3, 'Rs. 21,999.00']], [0.33, [0.1, 'Selling Price'], [0.3, 'Rs. 20,999.00']]]);
    expect(p.value).toBe(20999);
    expect(p.confidence_score).toBeLessThanOrEqual(0.6);
  });

  it('a selling price alone, or equal to the MRP, keeps its score', () => {
    expect(tag([[0.33, [0.1, 'Selling Price'], [0.3, 'Rs. 20,999.00']]]).confidence_score).toBeGreaterThan(0.8);
    expect(tag([[0.3, [0.1, 'MRP'], [0.3, 'Rs. 20,999.00']], [0.33, [0.1, 'Selling Price'], [0.3, 'Rs. 20,999.00']]]).confidence_score).toBeGreaterThan(0.8);
  });
});

describe('EBILL', () => {
  it('bilingual caption cells: the English caption under the local one names the value beside the cell', () => {
    const page = pageFromRows([
      [0.03, [0.14, 'Rushikulya Power Distribution Company Ltd.']],
      [0.086, [0.25, 'BIDYUT BILL / ELECTRICITY BILL CUM TAX INVOICE']],
      [0.133, [0.05, 'Grahaka Sankhya'], [0.3, '5715304841'], [0.62, 'Bil Kramank'], [0.82, '273600522918']],
      [0.15, [0.05, 'Account ID'], [0.62, 'Bill No.']],
      [0.18, [0.05, 'Grahakanka Naa'], [0.3, 'SADANANDA PUJARI'], [0.62, 'Bill Tarikha'], [0.82, '27-04-2025']],
      [0.197, [0.05, 'Name'], [0.62, 'Bill Date']],
      [0.227, [0.05, 'Thikana'], [0.3, 'PLOT NO. 40, LAXMI BHAVAN'], [0.62, 'Sesha Tarikha'], [0.82, '15-05-2025']],
      [0.244, [0.05, 'Supply Address'], [0.3, 'GOSANINUAGAON, BERHAMPUR'], [0.62, 'Due Date']],
      [0.261, [0.3, 'ODISHA - 760682']],
    ]);
    const d = extractFields('EBILL', page).data;
    expect(d.consumer_number.value).toBe('5715304841');
    expect(d.consumer_name.value).toBe('SADANANDA PUJARI');
    expect(d.bill_date.value).toBe('27/04/2025');
    expect(d.address.value).toBe('PLOT NO. 40, LAXMI BHAVAN, GOSANINUAGAON, BERHAMPUR, ODISHA - 760682');
  });

  it("a key-value table's next key is no English caption of the row above: each row keeps its value", () => {
    const page = pageFromRows([
      [0.8, [0.1, 'Restaurant'], [0.25, 'Karavali Dhaba']],
      [0.817, [0.1, 'Address'], [0.25, '32/9, Hakimpara, Mandi, Himachal Pradesh - 175029']],
      [0.834, [0.1, 'Operated by'], [0.25, 'KARAVALI HOSPITALITY PRIVATE LIMITED']],
    ]);
    expect(page.layout.pairs.find((p) => p.key === 'Address')?.value).toBe('32/9, Hakimpara, Mandi, Himachal Pradesh - 175029');
  });

  it("a consumer's account statement: its statement date is the bill's date, the amount payable by a date the amount due", () => {
    const page = pageFromRows([
      [0.03, [0.06, 'Karavali Power Distribution Company Ltd.'], [0.6, 'CONSUMER ACCOUNT STATEMENT CUM BILL']],
      [0.086, [0.56, 'Account ID'], [0.7, '490679078521']],
      [0.103, [0.56, 'Statement Date'], [0.7, '22/07/2024']],
      [0.4, [0.07, 'Amount Payable on or before 12/08/2024'], [0.84, 'Rs. 6,507.00']],
      [0.44, [0.06, 'Payable after due date: 6,605.00 Security Deposit: 5,300.00 Cr']],
    ]);
    const d = extractFields('EBILL', page).data;
    expect(d.bill_date.value).toBe('22/07/2024');
    expect(d.amount_due.value).toBe(6507);
  });

  it('amounts: grouping commas read as dots are grouping, the last dot the paise', () => {
    expect(findAmounts('2.367.00').map((a) => a.value)).toEqual([2367]);
    expect(findAmounts('Rs 1.23.456.50').map((a) => a.value)).toEqual([123456.5]);
    // (a date is no amount; a plain decimal stays one)
    expect(findAmounts('12.05.2025 5.50').map((a) => a.value)).toEqual([5.5]);
  });
});
