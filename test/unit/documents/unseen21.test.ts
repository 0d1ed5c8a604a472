/**
 * Born-digital documents of the twenty-first dev set (test/fixtures/documents/dev21: written apart from the
 * extractor; app screenshots, DigiLocker views, e-invoices): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('a record qualifier after a caption ("Name as per Aadhaar", "Name on PAN") is part of the caption', () => {
  it('DigiLocker\'s Aadhaar card of captions over values', () => {
    const page = pageFromRows([
      [0.05, [0.04, 'Issued Documents > Aadhaar Card']],
      [0.1, [0.18, 'Unique Identification Authority of India']],
      [0.2, [0.07, 'Resident Details']],
      [0.23, [0.07, 'Name as per Aadhaar']],
      [0.25, [0.07, 'Meera Kumari']],
      [0.28, [0.07, 'Date of Birth']],
      [0.3, [0.07, '14/02/1991']],
      [0.33, [0.07, 'Aadhaar Number']],
      [0.35, [0.07, '3848 9441 2625']],
      [0.38, [0.07, 'Address as per Aadhaar']],
      [0.4, [0.07, 'D/O: Ram Prasad, House No. 12, Station Road']],
      [0.42, [0.07, 'Gaya, Bihar - 823001']],
    ]);
    const d = extractFields('AADHAAR', page).data;
    expect(d.name.value).toBe('Meera Kumari');
    expect(d.address.value).toBe('House No. 12, Station Road, Gaya, Bihar - 823001');
  });

  it('a verification record\'s "Name on PAN" row', () => {
    const page = pageFromRows([
      [0.05, [0.3, 'INCOME TAX DEPARTMENT']],
      [0.2, [0.26, 'PAN Verification Record']],
      [0.23, [0.26, 'Name on PAN'], [0.49, 'RAKESH YADAV']],
      [0.26, [0.26, 'Date of Birth'], [0.49, '19/05/1987']],
      [0.29, [0.26, 'PAN'], [0.49, 'ABCPY1234K']],
    ]);
    expect(extractFields('PAN', page).data.name_as_per_pan.value).toBe('RAKESH YADAV');
  });
});

describe('PAN: "Father\'s / Husband\'s Name"', () => {
  it('a KYC or verification record\'s caption for the father or husband is the father_name caption', () => {
    const page = pageFromRows([
      [0.05, [0.3, 'INCOME TAX DEPARTMENT']],
      [0.2, [0.26, 'PAN Verification Record']],
      [0.23, [0.26, 'Full Name'], [0.49, 'SUNITA DEVI']],
      [0.26, [0.26, "Father's / Husband's Name"], [0.49, 'MOHAN LAL']],
      [0.29, [0.26, 'Date of Birth'], [0.49, '19/05/1987']],
      [0.32, [0.26, 'PAN'], [0.49, 'ABCPD1234K']],
    ]);
    expect(extractFields('PAN', page).data.father_name.value).toBe('MOHAN LAL');
  });
});

describe('DELIVERY_ORDER: a dealer app\'s "DO Issued On" / "Generated On" row is the order date', () => {
  const screen = (dateCaption: string) =>
    pageFromRows([
      [0.05, [0.11, 'DO Details']],
      [0.1, [0.05, 'Ready for Delivery'], [0.66, 'Valid till 13 Oct 2025']],
      [0.18, [0.07, 'Loan Application No.'], [0.73, 'LA221920435']],
      [0.21, [0.07, 'DO Ref No.'], [0.75, '2324479449']],
      [0.24, [0.07, dateCaption], [0.75, '28/09/2025']],
      [0.27, [0.07, 'Approved On'], [0.73, '27 Sep 2025']],
      [0.35, [0.07, 'Borrower Name']],
      [0.37, [0.07, 'Madhuri Mondal']],
      [0.49, [0.07, 'Model'], [0.61, 'Galaxy A15']],
      [0.58, [0.07, 'Asset Cost'], [0.79, '₹ 28,990']],
    ]);
  it.each(['DO Issued On', 'Generated On'])('%s', (caption) => {
    expect(extractFields('DELIVERY_ORDER', screen(caption)).data.order_date.value).toBe('28/09/2025');
  });
});

describe('DELIVERY_ORDER: the model under a card\'s "Asset Details" heading', () => {
  it('the "Asset Model" row wins over the heading, whose "value" is the card\'s first caption', () => {
    const page = pageFromRows([
      [0.05, [0.11, 'DO Details']],
      [0.21, [0.07, 'DO Ref No.'], [0.75, '2324479449']],
      [0.24, [0.07, 'DO Date'], [0.75, '28/09/2025']],
      [0.35, [0.07, 'Borrower Name']],
      [0.37, [0.07, 'Madhuri Mondal']],
      [0.46, [0.07, 'Asset Details']],
      [0.49, [0.07, 'Manufacturer'], [0.81, 'Samsung']],
      [0.52, [0.07, 'Asset Model'], [0.61, 'WA70BG4441BGTL 7 kg']],
      [0.55, [0.07, 'Serial No.'], [0.73, 'JZ0769850978']],
      [0.58, [0.07, 'Asset Cost'], [0.79, '₹ 28,990']],
    ]);
    expect(extractFields('DELIVERY_ORDER', page).data.asset_model.value).toBe('WA70BG4441BGTL 7 kg');
  });
});

describe('DELIVERY_ORDER: a bare "Store" caption under a "DELIVER TO" heading', () => {
  it('the caption is not the dealer; the name under it is', () => {
    const page = pageFromRows([
      [0.05, [0.11, 'Order Details']],
      [0.12, [0.05, 'Order No.'], [0.77, '5388184275']],
      [0.15, [0.05, 'DO Date'], [0.77, '05-09-2025']],
      [0.27, [0.05, 'Customer Name'], [0.65, 'Surajmal Kushwaha']],
      [0.42, [0.05, 'Model'], [0.49, 'Narzo 70 Pro 5G (4GB/64GB)']],
      [0.45, [0.05, 'Asset Cost'], [0.72, 'INR 18,990.00']],
      [0.58, [0.05, 'DELIVER TO']],
      [0.6, [0.05, 'Store']],
      [0.62, [0.05, 'Periyar Cellular Hub']],
      [0.64, [0.05, 'Address']],
      [0.66, [0.05, 'Ward 59, Ganpati Complex, M G Road, Kilikolloor']],
      [0.68, [0.05, 'Kollam, Kerala - 691632']],
    ]);
    expect(extractFields('DELIVERY_ORDER', page).data.dealer_name.value).toBe('Periyar Cellular Hub');
  });
});

describe('EBILL: a bill-payment app\'s "K Number" caption', () => {
  it('is the consumer number', () => {
    const page = pageFromRows([
      [0.15, [0.24, 'Transaction Successful']],
      [0.28, [0.18, 'Paid to']],
      [0.3, [0.18, 'Saryu Vidyut Vitran Nigam Ltd.']],
      [0.36, [0.07, 'Biller Details']],
      [0.38, [0.07, 'K Number']],
      [0.4, [0.07, '12059479433818']],
      [0.42, [0.07, 'Customer Name']],
      [0.44, [0.07, 'MAHAVEER AGARWAL']],
      [0.55, [0.07, 'Bill Number'], [0.53, 'Bill Date']],
      [0.57, [0.07, '1766UP383126'], [0.53, '17/10/2024']],
      [0.6, [0.07, 'Due Date'], [0.53, 'Amount Due']],
      [0.62, [0.07, '31 Oct 2024'], [0.53, '972']],
    ]);
    expect(extractFields('EBILL', page).data.consumer_number.value).toBe('12059479433818');
  });
});

describe('INVOICE: "Billed To | Deliver To" side by side', () => {
  it('the delivery box beside the buyer\'s is the consignee\'s, never the seller\'s', () => {
    const page = pageFromRows([
      [0.1, [0.14, 'Malabar Cellular Hub'], [0.75, 'TAX INVOICE']],
      [0.12, [0.14, 'Ward 20, House 233, Station Road, Devkali, Ayodhya'], [0.67, 'Invoice Number INV-014500']],
      [0.13, [0.14, 'Uttar Pradesh - 224139']],
      [0.14, [0.14, 'GSTIN 09LNQPM9976C5ZS']],
      [0.235, [0.06, 'Billed To'], [0.34, 'Deliver To'], [0.67, 'Invoice Date :'], [0.86, '27-02-2024']],
      [0.245, [0.06, 'Madhuri Paswan'], [0.34, 'Sharmila Tiwari']],
      [0.257, [0.06, 'TC 347/19, Bank Road'], [0.34, 'TC 133/56, Annapurna Towers']],
      [0.265, [0.06, 'Naka Muzaffara, Ayodhya'], [0.34, 'Bazar Road, Sahabganj']],
      [0.274, [0.06, 'Uttar Pradesh - 224143'], [0.34, 'Ayodhya, Uttar Pradesh - 224326']],
      [0.4, [0.06, 'Grand Total'], [0.87, '68,211.02']],
    ]);
    const d = extractFields('INVOICE', page).data;
    expect(d.dealership_name.value).not.toBe('Sharmila Tiwari');
    expect(d.dealer_address.value).not.toContain('Annapurna Towers');
    expect(d.customer_name.value).toBe('Madhuri Paswan');
  });
});
