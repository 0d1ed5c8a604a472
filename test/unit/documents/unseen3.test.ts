/**
 * The commercial documents on layouts of the third dev set (test/fixtures/documents/dev3: written
 * apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
import { stripHonorific } from '#core/documents/fields/certificate.ts';
import { ID_VALUE } from '#core/documents/fields/referenceNumber.ts';
import { pageFromRows } from './rows.ts';

describe('classification: titles and words as Indian bill books and orders print them', () => {
  it('a composition dealer\'s "Bill of Supply" selling a phone is an invoice, not an IMEI label', () => {
    const m = pageFromRows([
      [0.03, [0.05, 'Cash / Credit'], [0.41, 'BILL OF SUPPLY'], [0.8, 'Mob: 6203849841']],
      [0.07, [0.08, 'Annapurna Electronics & Home Appliances']],
      [0.17, [0.37, 'GSTIN : 36JOQCA3966Z5Z1']],
      [0.23, [0.05, 'No.'], [0.1, '4318'], [0.69, 'Date'], [0.76, '18/01/2024']],
      [0.43, [0.07, 'Sr.'], [0.29, 'Particulars'], [0.61, 'Qty'], [0.71, 'Rate'], [0.84, 'Amount']],
      [0.46, [0.06, '1'], [0.13, 'Motorola Edge 50 Fusion'], [0.65, '1'], [0.73, '15999'], [0.83, '15,999.00']],
      [0.49, [0.13, '4GB/128GB IMEI: 357166408611562']],
      [0.69, [0.67, 'Total Rs.'], [0.82, '16,348.00']],
      [0.73, [0.05, 'Rupees in words'], [0.22, 'Sixteen Thousand Three Hundred Forty Eight Only']],
    ]);
    expect(classify(m).type).toBe('INVOICE');
  });

  it('a state undertaking\'s "Supply Order" is a purchase order, though it speaks of the receipt of the material and prints an item table with a total', () => {
    const m = pageFromRows([
      [0.03, [0.08, 'State Rural Warehousing & Logistics Corporation Ltd.']],
      [0.09, [0.33, 'Phone: 048-89047813 GSTIN: 36ISNCS5587M1Z4']],
      [0.13, [0.06, 'Order No. SR/RO-HYD/Purchase/2025-26/128'], [0.79, 'Dated: 06.12.2025']],
      [0.16, [0.42, 'SUPPLY ORDER']],
      [0.36, [0.06, 'With reference to the above, sanction of the competent authority is hereby conveyed for the']],
      [0.38, [0.06, 'supply of the following material at the rates mentioned below, subject to the terms and']],
      [0.43, [0.06, 'S.No.'], [0.12, 'Description of Material'], [0.62, 'Qty'], [0.69, 'Rate (Rs.)'], [0.83, 'Amount (Rs.)']],
      [0.46, [0.08, '1'], [0.12, 'Stitching machine thread cones'], [0.63, '10'], [0.71, '2,651.00'], [0.86, '26,510.00']],
      [0.48, [0.08, '2'], [0.12, 'Seed treating drum'], [0.63, '10'], [0.71, '2,728.00'], [0.86, '27,280.00']],
      [0.52, [0.12, 'Add: GST @ 18%'], [0.85, '9,684.00']],
      [0.55, [0.12, 'Total Amount (Rs.)'], [0.83, '63,474.00']],
      [0.64, [0.06, '2. Payment will be released after receipt and verification of the material by the Store-in-charge.']],
    ]);
    expect(classify(m).type).toBe('PURCHASE_ORDER');
  });

  it('"Payment Terms: Due on Receipt" on a purchase order is no receipt title', () => {
    const m = pageFromRows([
      [0.03, [0.14, 'Navrang Enterprises'], [0.7, 'PURCHASE ORDER']],
      [0.06, [0.85, '# PO-00441']],
      [0.08, [0.14, 'GSTIN 27ZZZCN3461A7ZZ'], [0.7, 'Order Date :'], [0.84, 'April 11, 2024']],
      [0.12, [0.68, 'Payment Terms :'], [0.84, 'Due on Receipt']],
      [0.17, [0.05, 'Vendor Address'], [0.53, 'Deliver To']],
      [0.29, [0.05, '#'], [0.09, 'Item & Description'], [0.56, 'Qty'], [0.68, 'Rate'], [0.78, 'Tax'], [0.9, 'Amount']],
      [0.32, [0.05, '1'], [0.09, 'Primer Red Oxide 20 L'], [0.52, '17.00 pcs'], [0.65, '1,884.00'], [0.78, '18%'], [0.88, '32,028.00']],
      [0.33, [0.09, 'SKU: XER-6044 HSN 8264']],
      [0.47, [0.72, 'Sub Total'], [0.86, '32,028.00']],
      [0.49, [0.71, 'CGST9 (9%)'], [0.88, '2,882.52']],
      [0.51, [0.71, 'SGST9 (9%)'], [0.88, '2,882.52']],
      [0.53, [0.68, 'Total (INR)'], [0.82, '₹ 37,793.04']],
      [0.7, [0.05, 'Please quote the PO number on your invoice and delivery challan.']],
    ]);
    const c = classify(m);
    expect(c.type).toBe('PURCHASE_ORDER');
    expect(c.scores.INVOICE ?? 0).toBeLessThan(c.scores.PURCHASE_ORDER ?? 0);
  });
});

describe('invoice fields on bill books and store invoices', () => {
  it('a bill book: "Cash / Credit" is no dealer name; a bare "Name" under the letterhead is the customer, with "Address" and "Cell" under it', () => {
    const m = pageFromRows([
      [0.03, [0.05, 'Cash / Credit'], [0.41, 'BILL OF SUPPLY'], [0.8, 'Mob: 6203849841']],
      [0.07, [0.08, 'Annapurna Electronics & Home Appliances']],
      [0.13, [0.09, 'H.No. 420, Church Street, Kukatpally, Hyderabad 500414, Telangana']],
      [0.17, [0.37, 'GSTIN : 36JOQCA3966Z5Z1']],
      [0.23, [0.05, 'No.'], [0.1, '4318'], [0.69, 'Date'], [0.76, '18/01/2024']],
      [0.27, [0.05, 'Name'], [0.14, 'Smt. Harpreet Chaudhary']],
      [0.31, [0.05, 'Address'], [0.16, 'Shop No. 384, Old Mill Road, Near Water Tank,']],
      [0.34, [0.16, 'Goregaon West, Hyderabad 500815, Telangana']],
      [0.38, [0.05, 'Cell'], [0.12, '+91 8360184809']],
      [0.69, [0.67, 'Total Rs.'], [0.82, '16,348.00']],
      [0.94, [0.05, "Customer's Sign."]],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.dealership_name.value).toBe('Annapurna Electronics & Home Appliances');
    expect(d.customer_name.value).toBe('Harpreet Chaudhary');
    expect(d.customer_address.value).toBe('Shop No. 384, Old Mill Road, Near Water Tank, Goregaon West, Hyderabad 500815, Telangana');
    expect(d.customer_mobile_number.value).toBe('8360184809');
  });

  it('a bare "Name" under a seller\'s heading is not the customer', () => {
    const m = pageFromRows([
      [0.03, [0.4, 'TAX INVOICE']],
      [0.1, [0.05, 'Seller Details']],
      [0.13, [0.05, 'Name'], [0.14, 'Ramesh Kumar Traders']],
    ]);
    expect(extractFields('INVOICE', m).data.customer_name?.value ?? '').not.toBe('Ramesh Kumar Traders');
  });

  it('"Customer Copy" beside the title starts no customer block: the store\'s "Ph:" in the letterhead is not the customer\'s mobile', () => {
    const m = pageFromRows([
      [0.025, [0.03, 'OM SAI MOBILE GALLERY'], [0.84, 'TAX INVOICE']],
      [0.07, [0.03, '66/22, Ashirwad Building, Canal Road, Dadar East, Bengaluru, Karnataka - 560174'], [0.89, 'Customer Copy']],
      [0.09, [0.03, 'GSTIN: 29VPBFO6084P3Z0 | Ph: 8831585465']],
      [0.15, [0.04, 'CUSTOMER DETAILS'], [0.62, 'INVOICE DETAILS']],
      [0.18, [0.04, 'CUST NAME'], [0.126, ':'], [0.136, 'MR. Harish Shetty'], [0.62, 'INV NO'], [0.72, ': TI242520447']],
      [0.27, [0.04, 'MOBILE'], [0.126, ':'], [0.136, '8162254360']],
    ]);
    expect(extractFields('INVOICE', m).data.customer_mobile_number.value).toBe('8162254360');
  });
});

describe('layout: an address value column', () => {
  it('stops at the next key printed in the key column beside it ("State : Telangana State Code : 36" under the address)', () => {
    const m = pageFromRows([
      [0.32, [0.053, 'Details of Receiver (Billed to)']],
      [0.351, [0.053, 'Name'], [0.2, ': Sunil Pandey']],
      [0.367, [0.053, 'Address'], [0.2, ': Door No. 322-16, Ashirwad Building,']],
      [0.381, [0.222, 'Church Street, Velachery, Hyderabad,']],
      [0.395, [0.222, 'Telangana - 500008']],
      [0.409, [0.053, 'State'], [0.2, ': Telangana'], [0.4, 'State Code : 36']],
      [0.423, [0.053, 'GSTIN'], [0.2, ': Unregistered']],
    ]);
    expect(extractFields('INVOICE', m).data.customer_address.value).toBe('Door No. 322-16, Ashirwad Building, Church Street, Velachery, Hyderabad, Telangana - 500008');
  });
});

describe('e-invoices: the IRN block over the seller cell', () => {
  const einvoice = () =>
    pageFromRows([
      [0.021, [0.05, '(ORIGINAL FOR RECIPIENT)'], [0.41, 'Tax Invoice'], [0.88, 'e-Invoice']],
      [0.063, [0.05, 'IRN'], [0.18, ': d0ea03f265308c8ad8e4dfe7a59ac4e7384be84cc7ee2f364948438012d11d99']],
      [0.081, [0.05, 'Ack No.'], [0.18, ': 146600041496494']],
      [0.099, [0.05, 'Ack Date'], [0.18, ': 28-01-2025 11:15']],
      [0.118, [0.05, 'e-Way Bill No.'], [0.18, ': 5866 9019 9888']],
      [0.176, [0.057, 'Pragati Automobiles'], [0.51, 'Invoice Number'], [0.74, 'Dated']],
      [0.197, [0.057, 'Shop No. 197, Market Yard Road,'], [0.51, 'PA/24-25/03764'], [0.74, '27/01/2025']],
      [0.211, [0.057, 'Beside Post Office, Dadar East, Chennai 600209,']],
      [0.225, [0.057, 'Tamil Nadu']],
      [0.239, [0.057, 'GSTIN/UIN: 33OHNFP1885G2Z7']],
      [0.268, [0.057, 'Contact : 65222 06579']],
      [0.325, [0.053, 'Details of Receiver (Billed to)'], [0.517, 'Details of Consignee (Shipped to)']],
      [0.351, [0.053, 'Name'], [0.2, ': Mr. Jitendra Bose'], [0.517, 'Name'], [0.6, ': Mrs. Farzana Rani Bose']],
      [0.437, [0.053, 'Mobile'], [0.2, ': 99905 84571']],
      [0.667, [0.36, 'Invoice Total'], [0.61, '1 No.'], [0.83, '₹ 1,18,499.00']],
      [0.84, [0.76, 'for Pragati Automobiles']],
    ]);

  it('"IRN" is no letterhead name: the seller is the signature\'s, its address read under its cell', () => {
    const d = extractFields('INVOICE', einvoice()).data;
    expect(d.dealership_name.value).toBe('Pragati Automobiles');
    expect(d.dealer_address.value).toBe('Shop No. 197, Market Yard Road, Beside Post Office, Dadar East, Chennai 600209, Tamil Nadu');
  });

  it('"Invoice Total" is no "Invoice To" key: the receiver\'s name and mobile are read', () => {
    const d = extractFields('INVOICE', einvoice()).data;
    expect(d.customer_name.value).toBe('Jitendra Bose');
    expect(d.customer_mobile_number.value).toBe('9990584571');
  });

  it('an "Ack Date" or a "Booking Date" key is not the invoice date', () => {
    const m = pageFromRows([
      [0.02, [0.41, 'Tax Invoice']],
      [0.08, [0.05, 'Ack No.'], [0.18, ': 146600041496494']],
      [0.1, [0.05, 'Ack Date'], [0.18, ': 28-01-2025 11:15']],
      [0.12, [0.05, 'Booking Date'], [0.18, ': 20-01-2025']],
      [0.18, [0.51, 'Inv. No. PA/24-25/03764 Dated 27/01/2025']],
    ]);
    expect(extractFields('INVOICE', m).data.invoice_date.value).toBe('27/01/2025');
  });
});

describe('delivery orders: a lender\'s sectioned grid', () => {
  const grid = () =>
    pageFromRows([
      [0.03, [0.14, 'Chinar Consumer Finance Ltd.'], [0.67, 'DO NO'], [0.8, 'CD5002501563']],
      [0.05, [0.67, 'DO DATE'], [0.8, '22/03/2025']],
      [0.11, [0.41, 'DELIVERY ORDER']],
      [0.153, [0.053, 'DEALER DETAILS']],
      [0.175, [0.051, 'DLR CODE'], [0.216, 'UP48435'], [0.509, 'DLR GSTIN'], [0.673, '09HJGFK3120C4Z2']],
      [0.199, [0.051, 'DLR NAME'], [0.216, 'Kaveri Digital World']],
      [0.223, [0.051, 'DLR ADDRESS'], [0.216, 'Plot 424, Link Road, Gomti Nagar, Lucknow 226795,']],
      [0.237, [0.216, 'Uttar Pradesh']],
      [0.273, [0.053, 'CUSTOMER DETAILS']],
      [0.295, [0.051, 'CUST NAME'], [0.216, 'MADHURI BAI KULKARNI'], [0.509, 'MOB NO'], [0.673, '+91-6442860505']],
      [0.354, [0.053, 'PRODUCT DETAILS']],
      [0.375, [0.05, 'CATEGORY'], [0.25, 'PRODUCT / MODEL'], [0.607, 'SERIAL NO'], [0.786, 'ASSET COST']],
      [0.396, [0.05, 'Air Conditioner'], [0.25, 'LG 1.5 Ton 5 Star Split AC'], [0.607, 'WYB86256381'], [0.874, '39,890.00']],
      [0.431, [0.053, 'SCHEME & PAYOUT']],
      [0.549, [0.051, 'LOAN AMOUNT'], [0.216, '33,240.00']],
    ]);

  it('"DLR NAME", "DLR ADDRESS", "CUST NAME" are the dealer\'s and the customer\'s keys; a section heading over a key is no dealer name', () => {
    const d = extractFields('DELIVERY_ORDER', grid()).data;
    expect(d.dealer_name.value).toBe('Kaveri Digital World');
    expect(d.dealer_address.value).toBe('Plot 424, Link Road, Gomti Nagar, Lucknow 226795, Uttar Pradesh');
    expect(d.customer_name.value).toBe('MADHURI BAI KULKARNI');
  });

  it('a figure right-aligned in its column, starting just past its left-aligned header, is that header\'s value: the asset\'s model and cost are read', () => {
    const m = grid();
    expect(m.layout.pairs.some((p) => p.key === 'ASSET COST' && p.value === '39,890.00')).toBe(true);
    const d = extractFields('DELIVERY_ORDER', m).data;
    expect(d.asset_model.value).toBe('LG 1.5 Ton 5 Star Split AC');
    expect(d.amount.value).toBe(39890);
  });
});

describe('purchase orders from a billing app', () => {
  const cloudPo = () =>
    pageFromRows([
      [0.03, [0.14, 'Navrang Enterprises'], [0.7, 'PURCHASE ORDER']],
      [0.053, [0.14, 'Door No. 459-37, College Road,']],
      [0.058, [0.85, '# PO-00441']],
      [0.078, [0.14, 'GSTIN 27ZZZCN3461A7ZZ']],
      [0.088, [0.7, 'Order Date :'], [0.84, 'April 11, 2024']],
      [0.137, [0.7, 'Reference# :'], [0.895, 'QT-7569']],
      [0.169, [0.05, 'Vendor Address'], [0.53, 'Deliver To']],
      [0.186, [0.05, 'Om Sai Enterprises'], [0.53, 'Navrang Enterprises – Warehouse']],
      [0.203, [0.05, 'H.No. 105, Laxmi Complex, Court Road,'], [0.53, '196/11, Green Park Society,']],
      [0.217, [0.05, 'Mumbai, Maharashtra - 400799'], [0.53, 'Velachery, Mumbai - 400790']],
    ]);

  it('the number under the "PURCHASE ORDER" title ("# PO-00441") is the order\'s, not the "Reference#"', () => {
    expect(extractFields('PURCHASE_ORDER', cloudPo()).data.po_number.value).toBe('PO-00441');
  });

  it('the supplier is the name heading the "Vendor Address" block, not the "Deliver To" heading beside it', () => {
    expect(extractFields('PURCHASE_ORDER', cloudPo()).data.supplier_name.value).toBe('Om Sai Enterprises');
  });
});

describe('bank statements: a grid of captions over values', () => {
  it('"MICR", "NOMINEE", "CURRENCY" are caption words: each caption row pairs with the values under it, and the holder is read under "CUSTOMER NAME"', () => {
    const m = pageFromRows([
      [0.036, [0.057, 'PENCH'], [0.706, 'ACCOUNT STATEMENT']],
      [0.06, [0.057, 'Valley SFB'], [0.778, 'Generated on 04 Mar 2024']],
      [0.099, [0.043, 'CUSTOMER NAME'], [0.4, 'CUSTOMER ID'], [0.58, 'ACCOUNT NUMBER'], [0.807, 'ACCOUNT TYPE']],
      [0.115, [0.043, 'MR NAVEEN CHAND KULKARNI'], [0.4, '633218742'], [0.58, '756331698421'], [0.807, 'CURRENT - SME']],
      [0.14, [0.043, 'COMMUNICATION ADDRESS'], [0.4, 'BRANCH'], [0.58, 'IFSC'], [0.807, 'MICR']],
      [0.157, [0.043, 'Door No. 225-12, Market Yard Road,'], [0.4, 'Tambaram'], [0.58, 'PVSF0794576'], [0.807, '600907043']],
      [0.183, [0.043, 'Tamil Nadu'], [0.4, 'CURRENCY'], [0.58, 'A/C OPEN DATE'], [0.807, 'NOMINEE REGISTERED']],
      [0.199, [0.4, 'INR'], [0.58, '15/08/2016'], [0.807, 'NO']],
    ]);
    expect(m.layout.pairs.some((p) => p.key === 'CUSTOMER NAME' && p.value === 'MR NAVEEN CHAND KULKARNI')).toBe(true);
    const d = extractFields('BANK_STATEMENT', m).data;
    expect(d.account_holder.value).toBe('NAVEEN CHAND KULKARNI');
    expect(d.account_number.value).toBe('756331698421');
  });
});

describe('bill books as OCR reads them', () => {
  it('"Name Smt. Harpreet Chaudhary" read as one cell is still the bare "Name" key and its value; an IMEI is no GSTIN candidate marking the seller\'s block', () => {
    const m = pageFromRows([
      [0.035, [0.052, 'Cash / Credit'], [0.41, 'BILL OF SUPPLY'], [0.8, 'Mob: 6203849841']],
      [0.074, [0.087, 'Annapurna Electronics & Home Appliances']],
      [0.131, [0.128, 'H.No. 420, Church Street, Kukatpally, Hyderabad 500414, Telangana']],
      [0.233, [0.052, 'No. 4318'], [0.69, 'Date 18/01/2024']],
      [0.273, [0.052, 'Name Smt. Harpreet Chaudhary']],
      [0.309, [0.052, 'Address Shop No. 384, Old Mill Road, Near Water Tank,']],
      [0.342, [0.162, 'Goregaon West, Hyderabad 500815, Telangana']],
      [0.377, [0.052, 'Cell +91 8360184809']],
      [0.458, [0.063, '1'], [0.13, 'Motorola Edge 50 Fusion'], [0.8, '15,999.00']],
      [0.493, [0.131, '4GB/128GB IMEI: 357166408611562']],
      [0.687, [0.684, 'Total Rs.'], [0.82, '15,999.00']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.customer_name.value).toBe('Harpreet Chaudhary');
    expect(d.customer_mobile_number.value).toBe('8360184809');
    expect(d.dealer_gst?.value ?? '').toBe('');
  });
});

describe('layout: a grid of caption rows as OCR reads it', () => {
  it('one misread caption in the next caption row ("MCR" for "MICR") does not unpair the captions above from their values', () => {
    const m = pageFromRows([
      [0.099, [0.043, 'CUSTOMER NAME'], [0.4, 'CUSTOMER ID'], [0.58, 'ACCOUNT NUMBER'], [0.8, 'ACCOUNT TYPE']],
      [0.115, [0.043, 'MR NAVEEN CHAND KULKARNI'], [0.4, '633218742'], [0.58, '756331698421'], [0.8, 'CURRENT - SME']],
      [0.134, [0.043, 'COMMUNICATION ADDRESS'], [0.4, 'BRANCH'], [0.58, 'IFSC'], [0.8, 'MCR']],
      [0.152, [0.043, 'Door No. 225-12, Market Yard Road,'], [0.4, 'Tambaram'], [0.58, 'PVSF0794576'], [0.8, '600907043']],
    ]);
    expect(m.layout.pairs.some((p) => p.key === 'ACCOUNT NUMBER' && p.value === '756331698421')).toBe(true);
    expect(extractFields('BANK_STATEMENT', m).data.account_number.value).toBe('756331698421');
  });
});

describe('utility bills as OCR reads them', () => {
  it('a colon printed apart and read as "1" before the consumer number is not part of it', () => {
    const m = pageFromRows([
      [0.03, [0.05, 'Konkan Coastal Power Distribution Co. Ltd.']],
      [0.05, [0.05, 'HT CONSUMER BILL — Energy bill for the month of AUG-2025']],
      [0.131, [0.054, 'Consumer No.'], [0.2, '1 222337515934'], [0.63, 'Bill No.'], [0.75, '2842163852']],
      [0.149, [0.054, 'Name'], [0.2, 'M/S VIJAY INDUSTRIES'], [0.63, 'Bill Date'], [0.75, '09-08-2025']],
      [0.499, [0.583, 'NET PAYABLE (Rs.)'], [0.8, 'Rs. 22,19,173.00']],
    ]);
    expect(extractFields('EBILL', m).data.consumer_number.value).toBe('222337515934');
  });
});

describe('an e-invoice\'s seller cell as OCR garbles it', () => {
  it('the "for <seller>" signature in a cell beside "Declaration" names the seller; its address is the PIN-ending block right above its GSTIN', () => {
    const m = pageFromRows([
      [0.043, [0.09, '(ORIGINAL FOR RECIPIENT)'], [0.45, 'Tax Invoice'], [0.85, 'e-Invoice']],
      [0.069, [0.09, 'IRN'], [0.2, '729acf0aab6a76a41b0ff21677c82353e495e1e9f894cb3aaacB8e48a36560beb']],
      [0.098, [0.089, 'Ack No.'], [0.2, '178320178547885']],
      [0.19, [0.097, 'Navrang'], [0.2, '© Wheelers'], [0.51, 'NT/25-26/03084'], [0.7, '09-APR-2025']],
      [0.21, [0.097, 'Plot 380, Shanti Niwas, Link Road, Velachery,']],
      [0.228, [0.097, 'Kolkata, West Bengal - 700936']],
      [0.246, [0.097, 'GSTIN/UIN: 19DKBFN0143M2ZL']],
      [0.333, [0.092, 'Details of Receiver (Billed to)'], [0.5, 'Details of Consignee (Shipped to)']],
      [0.357, [0.093, 'Name'], [0.2, 'Harpreet Pillai']],
      [0.821, [0.089, 'Declaration'], [0.7, 'for Navrang Two Wheelers']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.dealership_name.value).toBe('Navrang Two Wheelers');
    expect(d.dealer_address.value).toBe('Plot 380, Shanti Niwas, Link Road, Velachery, Kolkata, West Bengal - 700936');
    expect(d.dealer_address.confidence_score).toBeLessThanOrEqual(0.6);
  });
});

describe('a bank\'s sanction-cum-DO letter table', () => {
  it('a label whose label words are in its bracketed qualifier ("Vehicle (Make / Model)") is a key; "Vehicle" names the asset', () => {
    const m = pageFromRows([
      [0.03, [0.27, 'Kaveri Valley Bank Ltd.']],
      [0.11, [0.06, 'Ref: KV/RAC/AL/2024-25/0205'], [0.79, 'Date: 11-02-2025']],
      [0.145, [0.33, 'SANCTION-CUM-DELIVERY ORDER']],
      [0.417, [0.067, 'Name of Borrower'], [0.381, 'Smt. Usha Pandey']],
      [0.489, [0.067, 'Mobile No.'], [0.381, '8353391830']],
      [0.517, [0.067, 'Vehicle (Make / Model)'], [0.381, 'Bajaj Pulsar N160 Dual ABS']],
      [0.545, [0.067, 'Colour'], [0.381, 'Matte Grey']],
      [0.601, [0.067, 'Cost of Vehicle (On-road)'], [0.381, 'Rs. 1,40,350.00']],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.asset_model.value).toBe('Bajaj Pulsar N160 Dual ABS');
  });
});

describe('a delivery instruction e-mail', () => {
  it('"Dealer Location:" is the dealer\'s address key, continued over its wrapped lines (indented between the key\'s edge and the value\'s)', () => {
    const m = pageFromRows([
      [0.09, [0.046, 'Delivery Instruction – Tarun Lal Pillai – DI/MH/7552030']],
      [0.353, [0.046, 'Store Name: Kalpataru Electronics & Home Appliances']],
      [0.373, [0.046, 'Dealer Location: Door No. 158-3, Om Residency,']],
      [0.392, [0.115, 'Link Road, Velachery, Mumbai,']],
      [0.412, [0.115, 'Maharashtra - 400578']],
      [0.432, [0.046, 'Customer: Tarun Lal Pillai']],
      [0.471, [0.046, 'DO Number: DI/MH/7552030']],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.dealer_address.value).toBe('Door No. 158-3, Om Residency, Link Road, Velachery, Mumbai, Maharashtra - 400578');
  });
});

describe('a phone carton\'s end label', () => {
  it('"Product:" names the model; the "Model No." beside it is the maker\'s code', () => {
    const m = pageFromRows([
      [0.106, [0.106, 'MOTOROLA'], [0.6, 'IMEI 1']],
      [0.199, [0.106, 'Product:'], [0.25, 'Edge 50 Fusion']],
      [0.212, [0.664, '356330520950685']],
      [0.25, [0.106, 'Model No.:'], [0.25, 'XT2429-2']],
      [0.352, [0.106, 'Memory:'], [0.25, '4 GB + 64 GB']],
      [0.527, [0.119, 'M.R.P. ₹ 31,999.00']],
    ]);
    expect(extractFields('IMEI_CLOSEUP_IMAGE', m).data.model.value).toBe('Edge 50 Fusion');
  });
});

describe('a copy mark beside the title', () => {
  it('"Original for Buyer" starts no customer block: the store\'s phone in the letterhead is not the customer\'s mobile', () => {
    const m = pageFromRows([
      [0.025, [0.03, 'KAVERI ELECTRONICS & HOME APPLIANCES'], [0.84, 'TAX INVOICE']],
      [0.07, [0.03, '396/25, Old Mill Road, Tambaram, Hyderabad 500290, Telangana'], [0.8, 'Original for Buyer']],
      [0.09, [0.03, 'GSTIN: 36URUPK7083Z8ZC | Ph: +91 6130819260']],
      [0.15, [0.04, 'CUSTOMER DETAILS'], [0.62, 'INVOICE DETAILS']],
      [0.18, [0.04, 'NAME'], [0.136, ': Siddharth Pillai'], [0.62, 'INV NO'], [0.72, ': CI242533329']],
      [0.27, [0.04, 'MOBILE'], [0.136, ': 9598241987']],
    ]);
    expect(extractFields('INVOICE', m).data.customer_mobile_number.value).toBe('9598241987');
  });
});

describe('a sanction letter\'s "of" labels', () => {
  it('"Model of Vehicle" names the asset', () => {
    const m = pageFromRows([
      [0.145, [0.33, 'SANCTION-CUM-DELIVERY ORDER']],
      [0.417, [0.067, 'Name of Borrower'], [0.381, 'Smt. Usha Naidu']],
      [0.517, [0.067, 'Model of Vehicle'], [0.381, 'Bajaj Pulsar N160 Dual ABS']],
      [0.545, [0.067, 'Colour'], [0.381, 'Racing Red']],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.asset_model.value).toBe('Bajaj Pulsar N160 Dual ABS');
  });
});

describe('a party block under its heading, beside another party\'s block', () => {
  it('the supplier\'s name holding a label word ("Om Sai Enterprises") is still read under "Vendor Address", the next column\'s block beside it no value of it', () => {
    const m = pageFromRows([
      [0.03, [0.14, 'Shri Datta Trading Co.'], [0.7, 'PURCHASE ORDER']],
      [0.058, [0.85, '# PO-00920']],
      [0.169, [0.05, 'Vendor Address'], [0.53, 'Deliver To']],
      [0.186, [0.05, 'Om Sai Enterprises'], [0.53, 'Shri Datta Trading Co. – Warehouse']],
      [0.203, [0.05, '27/37, Shanti Niwas, Court Road,'], [0.53, 'Shop No. 222, Green Park Society,']],
      [0.217, [0.05, 'Lucknow, Uttar Pradesh - 226361'], [0.53, 'Behala, Lucknow - 226969']],
    ]);
    expect(extractFields('PURCHASE_ORDER', m).data.supplier_name.value).toBe('Om Sai Enterprises');
  });
});

describe('an HT bill\'s summary', () => {
  it('"Net Payable" (the bill with arrears and interest, rounded) is due, not the "Bill Amount" above it', () => {
    const m = pageFromRows([
      [0.03, [0.05, 'Konkan Coastal Power Distribution Co. Ltd.']],
      [0.05, [0.05, 'HT CONSUMER BILL']],
      [0.13, [0.054, 'Consumer No.'], [0.2, '222337515934']],
      [0.395, [0.581, 'BILL SUMMARY']],
      [0.415, [0.581, 'Bill Amount'], [0.849, '11,14,945.65']],
      [0.435, [0.581, 'Arrears'], [0.915, '0.00']],
      [0.455, [0.581, 'Interest on Arrears'], [0.915, '0.00']],
      [0.499, [0.581, 'Net Payable'], [0.832, '11,14,946.00']],
      [0.524, [0.581, 'If paid by 11-07-2024 (PPD)'], [0.855, '11,03,797.00']],
    ]);
    expect(extractFields('EBILL', m).data.amount_due.value).toBe(1114946);
  });
});

describe('layout: a key whose row goes on with another key and its value', () => {
  it('"Customer Name | Customer ID | 8217352965" over "Harpreet Bhatt": the name is under its key', () => {
    const m = pageFromRows([
      [0.03, [0.043, 'NARMADA PNG'], [0.743, 'Amount Payable']],
      [0.05, [0.043, 'Narmada Piped Gas Ltd.'], [0.743, '1,660.00']],
      [0.066, [0.043, 'Gas Bill cum Invoice — Domestic PNG']],
      [0.104, [0.043, 'Customer Name'], [0.45, 'Customer ID'], [0.62, '8217352965']],
      [0.121, [0.043, 'Harpreet Bhatt']],
      [0.14, [0.45, 'Bill No.'], [0.62, '169459597161']],
    ]);
    expect(m.layout.pairs.some((p) => p.key === 'Customer Name' && p.value === 'Harpreet Bhatt')).toBe(true);
    expect(extractFields('EBILL', m).data.consumer_name.value).toBe('Harpreet Bhatt');
  });
});

describe('a shop\'s thermal stock label', () => {
  it('"VAR : 8/128" is RAM and storage without units', () => {
    const m = pageFromRows([
      [0.14, [0.27, 'PRAGATI MOBILES - STOCK LABEL']],
      [0.266, [0.158, 'BRAND : IQOO']],
      [0.313, [0.158, 'MODEL : Z9 LITE 5G']],
      [0.36, [0.158, 'VAR : 8/128']],
      [0.46, [0.158, 'IMEI1 : 865834717722041']],
      [0.78, [0.158, 'MRP: 26999.00'], [0.467, 'MOP: 25499']],
    ]);
    const d = extractFields('IMEI_CLOSEUP_IMAGE', m).data;
    expect(d.ram.value).toBe('8 GB');
    expect(d.rom.value).toBe('128 GB');
  });
});

describe('a row of labels whose values OCR lost', () => {
  it('the labels beside a label ("Dealer Name | Customer Name Mobile No. | Product / Model | Asset Cost") are no dealer, customer or model', () => {
    const m = pageFromRows([
      [0.056, [0.041, 'Neelkanth Fincorp Pvt. Ltd.'], [0.8, 'DELIVERY ORDER']],
      [0.181, [0.043, 'DO No.'], [0.16, 'DO Date'], [0.27, 'Dealer Name'], [0.42, 'Customer Name Mobile No.'], [0.7, 'Product / Model'], [0.87, 'Asset Cost']],
      [0.219, [0.045, 'VMLDO9080143'], [0.16, '25.03.2024'], [0.27, 'Elec'], [0.42, '&']],
    ]);
    const d = extractFields('DELIVERY_ORDER', m).data;
    expect(d.dealer_name?.value ?? '').not.toMatch(/customer/i);
    expect(d.customer_name?.value ?? '').not.toBe('Name');
    expect(d.asset_model?.value ?? '').not.toBe('Asset Cost');
  });
});

describe('a delivery order whose number label OCR lost', () => {
  it('the number in the cell right after the "Delivery Order" title is the order\'s (heuristic)', () => {
    const m = pageFromRows([
      [0.025, [0.044, 'Akshaya Credit Solutions Pvt. Ltd.']],
      [0.05, [0.044, 'Consumer Durable Loan « Delivery Order'], [0.68, 'CD25031528643']],
      [0.103, [0.044, 'DO Date: 01 Mar 2025 17:57'], [0.795, 'Valid till: 16/03/2025']],
      [0.178, [0.054, 'Store Name'], [0.336, 'Siddhivinayak Telecom']],
    ]);
    const d = extractFields('DELIVERY_ORDER', m).data;
    expect(d.order_number.value).toBe('CD25031528643');
    expect(d.order_number.confidence_score).toBeLessThanOrEqual(0.6);
  });
});

describe('a supply order\'s file-style number', () => {
  it('after a bare "No." the number may start with letters ("No. DS/RO-LUC/Purchase/2023-24/727")', () => {
    const m = pageFromRows([
      [0.03, [0.09, 'State Rural Warehousing & Logistics Corporation Ltd.']],
      [0.128, [0.057, 'No. DS/RO-LUC/Purchase/2023-24/727'], [0.79, 'Dated: 03-03-2024']],
      [0.16, [0.42, 'SUPPLY ORDER']],
      [0.193, [0.057, 'To,']],
      [0.209, [0.057, 'M/s. Vijay Enterprises,']],
    ]);
    expect(extractFields('PURCHASE_ORDER', m).data.po_number.value).toBe('DS/RO-LUC/Purchase/2023-24/727');
  });
});

describe('a firm\'s title', () => {
  it('"M/S SHRI DATTA ENTERPRISES": after "M/s" the "Shri" is the firm\'s own; a person\'s "Shri" still goes', () => {
    expect(stripHonorific('M/S SHRI DATTA ENTERPRISES')).toBe('SHRI DATTA ENTERPRISES');
    expect(stripHonorific('Shri Hemant Dubey')).toBe('Hemant Dubey');
    expect(stripHonorific('Mr. Ramesh Kumar')).toBe('Ramesh Kumar');
  });
});

describe('reference numbers', () => {
  it('an "&" between a prefix\'s initials is part of the number ("KE&E50/24-25/96766")', () => {
    expect(ID_VALUE.exec('KE&E50/24-25/96766')?.[1]).toBe('KE&E50/24-25/96766');
    expect(ID_VALUE.exec('INV/24-25/0042')?.[1]).toBe('INV/24-25/0042');
  });
});

describe('two party blocks under their headings', () => {
  it('a bill book\'s "Party :" is the customer\'s key', () => {
    const m = pageFromRows([
      [0.063, [0.131, 'Sri Venkateshwara Electronics'], [0.79, 'RETAIL INVOICE']],
      [0.105, [0.131, 'Plot 394, Green Park Society, Church Street, Pune - 411525']],
      [0.148, [0.131, 'GSTIN : 27VGOCS1573N7ZK']],
      [0.236, [0.045, 'Party :'], [0.2, 'Smt. Nandini Kumari Bose'], [0.66, 'Mob. :'], [0.75, '8259705316']],
    ]);
    expect(extractFields('INVOICE', m).data.customer_name.value).toBe('Nandini Kumari Bose');
  });

  it('"Supplier Details" beside "Details of Receiver (Billed to)": each name on its block\'s first line, each address under it', () => {
    const m = pageFromRows([
      [0.043, [0.342, 'RAJDHANI MOBILES']],
      [0.071, [0.355, 'All Leading Brands Available on EMI']],
      [0.117, [0.423, 'GST INVOICE']],
      [0.206, [0.051, 'Supplier Details'], [0.516, 'Details of Receiver (Billed to)']],
      [0.228, [0.053, 'Rajdhani Mobiles'], [0.517, 'Shri Naveen Banerjee']],
      [0.246, [0.053, 'Shop No. 464, College Road'], [0.517, 'H.No. 150, Tilak Road']],
      [0.264, [0.053, 'Near Bus Stand, Hadapsar'], [0.517, 'Near Water Tank, Behala']],
      [0.282, [0.053, 'Chennai 600187, Tamil Nadu'], [0.517, 'Chennai 600841, Tamil Nadu']],
      [0.3, [0.053, 'GSTIN/UIN: 33XYTPR2610C2ZX']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.customer_name.value).toBe('Naveen Banerjee');
    expect(d.customer_address.value).toBe('H.No. 150, Tilak Road, Near Water Tank, Behala, Chennai 600841, Tamil Nadu');
    expect(d.dealer_address.value).toBe('Shop No. 464, College Road, Near Bus Stand, Hadapsar, Chennai 600187, Tamil Nadu');
  });
});

describe('"Sold By" beside "Sold To"', () => {
  it('the other party\'s heading is no dealer name; the seller\'s name and address are read under its heading, though the name holds a label word ("Mobile")', () => {
    const m = pageFromRows([
      [0.014, [0.043, 'Original for Recipient'], [0.884, 'Page 1 of 1']],
      [0.043, [0.183, 'JANATA MOBILE CARE & ACCESSORIES']],
      [0.086, [0.149, 'GSTIN: 19CLNPJ2517Y5ZU | Ph: 9822452145']],
      [0.117, [0.305, 'TAX INVOICE']],
      [0.206, [0.051, 'Sold By'], [0.516, 'Sold To']],
      [0.228, [0.053, 'Janata Mobile Care & Accessories'], [0.517, 'Kumari Geeta Thakur']],
      [0.246, [0.053, '440/2, Old Mill Road'], [0.517, 'Flat No. 9, Vasant Vihar']],
      [0.264, [0.053, 'Opp. Petrol Pump, Velachery'], [0.517, 'Canal Road, Aundh']],
      [0.282, [0.053, 'Kolkata 700872, West Bengal'], [0.517, 'Kolkata, West Bengal - 700920']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.dealership_name.value).toBe('Janata Mobile Care & Accessories');
    expect(d.dealer_address.value).toBe('440/2, Old Mill Road, Opp. Petrol Pump, Velachery, Kolkata 700872, West Bengal');
  });
});
