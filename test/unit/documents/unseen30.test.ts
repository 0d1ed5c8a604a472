/**
 * Invoices, statements and certificates on layouts of the thirtieth and thirty-first dev sets
 * (test/fixtures/documents/dev30, dev31: written apart from the extractor): each general fix reduced to the few lines
 * that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import { plausible } from '#core/documents/plausibility.ts';
import { pageFromRows } from './rows.ts';

describe('FSSAI_CERTIFICATE', () => {
  const licence = () =>
    pageFromRows([
      [0.05, [0.3, 'Food Safety and Standards Authority of India']],
      [0.09, [0.45, 'CENTRAL LICENSE']],
      [0.146, [0.07, 'Central Licence No. :'], [0.4, '1 10 25 563260268']],
      [0.2, [0.07, 'Name of the Business / Brand'], [0.5, 'MALABAR SPICES & CONDIMENTS']],
      [0.22, [0.07, 'Validity of Licence'], [0.5, 'From 09/12/2025 to 08/12/2028']],
      [0.3, [0.07, 'Details of other premises of the FBO (separately licensed / registered) - for information only']],
      [0.349, [0.07, 'Unit'], [0.3, 'Address'], [0.6, 'Licence / Regn. No.'], [0.85, 'Valid upto']],
      [0.371, [0.07, 'Retail Counter'], [0.3, '69-V, Main Road, Dhanbad'], [0.6, '12023854613884'], [0.85, '16/07/2026']],
      // (an address wrapped in its cell: the table's rows no longer align one under the other)
      [0.387, [0.3, 'Jharkhand - 826225']],
      [0.399, [0.07, 'Depot'], [0.3, 'Shop No. 76, Tiruppur'], [0.6, '13321255113147'], [0.85, '03/03/2022']],
    ]);

  it("a central licence's own number, printed spaced, not another premises' in the table under it", () => {
    expect(extractFields('FSSAI_CERTIFICATE', licence()).data.license_number.value).toBe('11025563260268');
  });

  it("the validity's end is the licence's own period's, never a date in a column of a table of many rows", () => {
    expect(extractFields('FSSAI_CERTIFICATE', licence()).data.valid_upto.value).toBe('08/12/2028');
  });
});

describe('SHOP_ACT_LICENSE validity', () => {
  it('a period under its caption (a bilingual form: the same period in the local words beside it) ends at its second date', () => {
    const page = pageFromRows([
      [0.1, [0.3, 'CERTIFICATE OF REGISTRATION']],
      [0.544, [0.06, 'Vaidhta Avadhi'], [0.52, 'Period of Validity']],
      [0.562, [0.06, '22.12.2023 se 21.12.2028 tak'], [0.52, '22.12.2023 to 21.12.2028']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.valid_upto.value).toBe('21/12/2028');
  });

  it('a validity that runs "from" a date never ends at its start ("ONE YEAR FROM 27/03/2022": a year on, as its "upto" line says)', () => {
    const page = pageFromRows([
      [0.1, [0.3, 'CERTIFICATE OF REGISTRATION']],
      [0.406, [0.1, 'VALIDITY :'], [0.36, 'ONE YEAR FROM 27/03/2022']],
      [0.425, [0.36, 'I.E. UPTO 26/03/2023']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.valid_upto.value).toBe('26/03/2023');
  });
});

describe('INVOICE', () => {
  it("a reference's caption beside the party's heading is no one's name; the name is under the heading", () => {
    expect(plausible('customer_name', 'Challan No.')).toBe('fail');
    expect(plausible('customer_name', 'L.R. No. 11660')).toBe('fail');
    expect(plausible('customer_name', 'Partha Sarathi Khiangte')).toBe('pass');
    const page = pageFromRows([
      [0.04, [0.26, 'KANCHENJUNGA TEXTILES']],
      [0.125, [0.43, 'TAX INVOICE']],
      [0.156, [0.06, 'Details of Receiver / Billed to'], [0.56, 'Challan No.'], [0.7, '432']],
      [0.173, [0.06, 'Partha Sarathi Khiangte']],
      [0.19, [0.06, 'No. 35, College Road, Bawngkawn, Aizawl, Mizoram - 796979']],
    ]);
    const d = extractFields('INVOICE', page).data;
    expect(d.customer_name.value).toBe('Partha Sarathi Khiangte');
    expect(d.customer_address.value).toBe('No. 35, College Road, Bawngkawn, Aizawl, Mizoram - 796979');
  });

  it("an address past its last line takes the PIN printed alone under the state", () => {
    const page = pageFromRows([
      [0.04, [0.27, 'Tlawng Fertilisers & Seeds']],
      [0.156, [0.41, 'TAX INVOICE / CASH BILL']],
      [0.231, [0.07, 'Customer:'], [0.22, 'Omprakash Sen'], [0.6, 'Mobile: +91-7757691502']],
      [0.262, [0.07, 'Address:'], [0.22, 'H. No. 26, Opp. Govt. Hospital']],
      [0.279, [0.22, 'Mandawa Village']],
      [0.296, [0.22, 'Paschim Bardhaman District']],
      [0.313, [0.22, 'Durgapur']],
      [0.33, [0.22, 'West Bengal']],
      [0.347, [0.22, '713126']],
    ]);
    expect(extractFields('INVOICE', page).data.customer_address.value).toBe('H. No. 26, Opp. Govt. Hospital, Mandawa Village, Paschim Bardhaman District, Durgapur, West Bengal, 713126');
  });
});

describe('BANK_STATEMENT', () => {
  const statement = (period: string) =>
    pageFromRows([
      [0.03, [0.15, 'Marusthali Gramin Bank']],
      [0.1, [0.32, 'PENSION ACCOUNT STATEMENT']],
      [0.122, [0.34, period]],
      [0.151, [0.06, 'Account Holder'], [0.55, 'Account No.'], [0.75, '38487788494']],
      [0.17, [0.06, 'Sharmistha Pat']],
    ]);

  it('a period named by its month or its months gives their first and last days', () => {
    const month = extractFields('BANK_STATEMENT', statement('Statement for the month of February 2025')).data;
    expect([month.period_from.value, month.period_to.value]).toEqual(['01/02/2025', '28/02/2025']);
    const quarter = extractFields('BANK_STATEMENT', statement('Statement for the quarter April - June 2025')).data;
    expect([quarter.period_from.value, quarter.period_to.value]).toEqual(['01/04/2025', '30/06/2025']);
  });
});

// The thirty-second and thirty-third dev sets (test/fixtures/documents/dev32, dev33).
describe('dev32 / dev33', () => {
  it("a cable TV and broadband bill titled \"Bill / Invoice\" is an EBILL; a till slip paid \"by cash\" is still an INVOICE", () => {
    const cable = [
      'SATPURA DIGITAL CABLE & BROADBAND',
      'BILL / INVOICE - CABLE TV AND INTERNET',
      'Customer ID : NL7875551 Bill No. : 63/25-2067',
      'Name : Watila Jamir Invoice Date : 16.06.2025',
      'STB No. : 9132620804800233',
      'Pay By : 28.06.2025',
      'Service / Pack Period Amount (Rs.)',
      'Cable TV - NCF (250 SD channels) 17/06/2025 - 16/07/2025 160.00',
      'Broadband 150 Mbps Unlimited 17/06/2025 - 16/07/2025 499.00',
      'CGST 9% + SGST 9% 163.62',
      'Previous dues 332.00',
      'Amount Due 1,405.00',
      'Services are deactivated if unpaid by the pay-by date. GSTIN 13MLXFS4921G9ZR.',
    ];
    expect(classify(modelFromLines(cable)).type).toBe('EBILL');
    const till = ['KEDAI RUNCIT MAJU', 'RECEIPT', 'Item Qty Price Amount', 'SUGAR 1KG 2 2.90 5.80', 'MILK 1 6.50 6.50', 'RICE 5KG 1 18.90 18.90', 'TOTAL 31.20', 'PAY BY CASH 50.00', 'CHANGE 18.80', 'THANK YOU'];
    expect(classify(modelFromLines(till)).type).toBe('INVOICE');
  });

  it("an e-marketplace's contract is a PURCHASE_ORDER, not a receipt", () => {
    const contract = [
      'e-Kray Public Procurement Marketplace CONTRACT',
      'Contract No: EKPC-491745-69857308',
      'Organisation Name Police Training School, Port Blair Buyer GSTIN 35FLFCP4311Q6Z9',
      'Rank Seller Offered Total (INR) Status',
      'L1 Damanganga Furniture Works 7,67,118.00 Selected',
      'L2 Dzukou Suppliers 8,13,145.00 Not selected',
      'Item Brand / Model HSN Qty Unit Price GST Total (INR)',
      'Multifunction laser printer SP-MF440 8471 30 21,670.00 18% 7,67,118.00',
      'Taxable 6,50,100.00 GST 1,17,018.00 Total Order Value INR 7,67,118.00',
      'payment within 10 days of the receipt certificate',
    ];
    expect(classify(modelFromLines(contract)).type).toBe('PURCHASE_ORDER');
    const page = pageFromRows([
      [0.02, [0.04, 'e-Kray Public Procurement Marketplace'], [0.8, 'CONTRACT']],
      [0.08, [0.06, 'Contract No:'], [0.3, 'EKPC-491745-69857308']],
      [0.41, [0.05, 'Seller ID'], [0.25, 'BYBW-54644'], [0.5, 'Company Name'], [0.7, 'Damanganga Furniture Works']],
    ]);
    // (the seller's id is no name: the supplier is the company named beside it, or unread)
    expect(extractFields('PURCHASE_ORDER', page).data.supplier_name.value).not.toMatch(/BYBW/);
  });

  it('a phone label: money with its currency mark before a year beside it; a feature phone\'s "8GB ROM"', () => {
    const page = pageFromRows([
      [0.2, [0.49, 'Model'], [0.65, '225 4G Pro']],
      [0.266, [0.49, 'Memory'], [0.65, '1GB RAM, 8GB ROM, Expandable up to 64 GB']],
      [0.5, [0.49, 'IMEI1 354906226603363']],
      [0.575, [0.5, 'MRP (Incl. of all taxes)'], [0.75, 'Net Qty: 1 N']],
      [0.597, [0.5, 'Rs. 4,499/-'], [0.75, 'Mfd: Jul 2024']],
    ]);
    const d = extractFields('IMEI_CLOSEUP_IMAGE', page).data;
    expect(d.price.value).toBe(4499);
    expect(d.rom.value).toBe('8 GB');
  });

  it("a bill book's printed jurisdiction clause above the name is no letterhead", () => {
    const page = pageFromRows([
      [0.054, [0.11, 'Subject to Darbhanga Jurisdiction'], [0.7, 'Mob: 6126315004']],
      [0.08, [0.18, 'KANCHENJUNGA TELECOM']],
      [0.114, [0.3, 'Dealers in: Mobiles, Accessories, Repairing & Recharge']],
      [0.131, [0.31, 'Ward 18, H. No. 363, Donar, Darbhanga, Bihar - 846133']],
      [0.177, [0.11, 'No. 9283'], [0.7, 'Date 25-07-2024']],
    ]);
    expect(extractFields('INVOICE', page).data.dealership_name.value).toBe('KANCHENJUNGA TELECOM');
  });

  it("a DO's store card beside the customer's: the store is the dealer, and never the customer", () => {
    const page = pageFromRows([
      [0.03, [0.15, 'Uday Jyoti Finserv Ltd.']],
      [0.108, [0.06, 'DELIVERY ORDER - COMBO PURCHASE']],
      [0.214, [0.07, 'Customer'], [0.53, 'Store']],
      [0.231, [0.07, 'Sri Ratan Dhruw'], [0.53, 'Periyar Telecom']],
      [0.249, [0.07, 'Shop No. 14, Bazar Road, Haldwani'], [0.53, 'Door No. 40/109, Kaladhungi Road, Haldwani']],
      [0.266, [0.07, 'Uttarakhand - 263125'], [0.53, 'Uttarakhand - 263438']],
    ]);
    const d = extractFields('DELIVERY_ORDER', page).data;
    expect(d.dealer_name.value).toBe('Periyar Telecom');
    expect(d.customer_name.value).not.toBe('Store');
  });
});

describe('a DO sent as a text message', () => {
  it('names the customer it is approved for, and the store to deliver at with its address', () => {
    const page = pageFromRows([
      [0.07, [0.21, 'Sahyog Retail Credit Ltd.']],
      [0.278, [0.08, 'Dear Partner, DO No SRC/DO/24/078101 dt']],
      [0.298, [0.08, '01-09-2024 is approved for Bindeshwari Bisht']],
      [0.319, [0.08, 'Mob 7263802784 for']],
      [0.339, [0.08, 'Samsung Galaxy M36 5G (8GB/256GB). Asset Cost']],
      [0.359, [0.08, 'Rs.30499, DP Rs.5180, Loan Rs.25319, EMI']],
      [0.379, [0.08, 'Rs.4220 x 6. Deliver at Mithila Smart Phones,']],
      [0.4, [0.08, 'Door No. 28/24, Paddal, Mandi,']],
      [0.42, [0.08, 'Himachal Pradesh - 175552. Collect DP, upload']],
      [0.44, [0.08, 'invoice with hypothecation within 3 days. -SRC']],
    ]);
    const d = extractFields('DELIVERY_ORDER', page).data;
    expect(d.customer_name.value).toBe('Bindeshwari Bisht');
    expect(d.dealer_name.value).toBe('Mithila Smart Phones');
    expect(d.dealer_address.value).toBe('Door No. 28/24, Paddal, Mandi, Himachal Pradesh - 175552');
  });
});

describe('a two-wheeler DO letter', () => {
  it("the dealer's address under its name, past a qualifier in brackets; the borrower of a hyphenated kind of loan", () => {
    const page = pageFromRows([
      [0.034, [0.32, 'Sahyog Fincap Pvt. Ltd.']],
      [0.097, [0.07, 'DELIVERY ORDER - TWO WHEELER LOAN'], [0.76, 'D.O. No.: 4338-58416']],
      [0.144, [0.06, 'To,']],
      [0.16, [0.06, 'The Proprietor,']],
      [0.177, [0.07, 'Rohtang Auto Agencies']],
      [0.194, [0.07, '(Authorised Honda Dealer, Dealer Code SP161864)']],
      [0.211, [0.07, 'Plot No. 416, Hospital Road, Seri Bazar, Mandi, Himachal Pradesh - 175391']],
      [0.236, [0.07, 'Sub: Delivery of Honda Shine 100 to our borrower']],
      [0.258, [0.07, 'We have sanctioned a two-wheeler loan to Bindeshwari Hansda (Mobile 7449169329), residing at H. No. 358,']],
    ]);
    const d = extractFields('DELIVERY_ORDER', page).data;
    expect(d.dealer_address.value).toBe('Plot No. 416, Hospital Road, Seri Bazar, Mandi, Himachal Pradesh - 175391');
    expect(d.customer_name.value).toBe('Bindeshwari Hansda');
  });

  it("an order's title is no buyer's name", () => {
    expect(plausible('buyer_name', 'SUPPLY ORDER')).toBe('fail');
    expect(plausible('buyer_name', 'GOVERNMENT POLYTECHNIC, PORT BLAIR')).toBe('pass');
  });
});
