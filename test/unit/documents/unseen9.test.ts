/**
 * The commercial documents on layouts of the ninth dev set (test/fixtures/documents/dev9: written
 * apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
import { plausible } from '#core/documents/plausibility.ts';
import { pageFromRows } from './rows.ts';

describe('invoice: an installer\'s letterhead and a customer card beside a site card', () => {
  it('a card heading set apart from its first line by two of its heights still heads the customer\'s name', () => {
    const m = pageFromRows([
      [0.03, [0.06, 'Surya Power Systems'], [0.8, 'TAX INVOICE']],
      [0.05, [0.06, '14, Station Road, Nashik, Maharashtra - 422001']],
      [0.07, [0.06, 'GSTIN: 27ZUUCS4271E9ZX']],
      [0.25, [0.05, 'Customer Details']],
      [0.294, [0.05, 'Mrs. Kavita Deshmukh']],
      [0.312, [0.05, '21, Lake View Colony, Nashik, Maharashtra - 422005']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.customer_name.value).toBe('Kavita Deshmukh');
    expect(d.customer_address.value).toBe('21, Lake View Colony, Nashik, Maharashtra - 422005');
  });

  it('a place heading beside the customer\'s ("Bill To | Installation Site") is no one\'s name', () => {
    const m = pageFromRows([
      [0.03, [0.06, 'Surya Power Systems'], [0.8, 'TAX INVOICE']],
      [0.05, [0.06, '14, Station Road, Nashik, Maharashtra - 422001']],
      [0.07, [0.06, 'GSTIN: 27ZUUCS4271E9ZX']],
      [0.25, [0.05, 'Bill To'], [0.52, 'Installation Site']],
      [0.27, [0.05, 'Ms. Kavita Deshmukh'], [0.52, 'Same as billing address']],
      [0.29, [0.05, '21, Lake View Colony, Nashik, Maharashtra - 422005']],
    ]);
    expect(extractFields('INVOICE', m).data.customer_name.value).toBe('Kavita Deshmukh');
  });

  it('a tagline under the letterhead name (activities between bullets, "Empanelled Vendor") is not the address', () => {
    const rows = (tagline: string) =>
      pageFromRows([
        [0.03, [0.06, 'Surya Power Systems'], [0.8, 'TAX INVOICE']],
        [0.05, [0.06, tagline]],
        [0.07, [0.06, '14, Station Road, Nashik,']],
        [0.09, [0.06, 'Maharashtra - 422001']],
        [0.11, [0.06, 'GSTIN: 27ZUUCS4271E9ZX']],
      ]);
    for (const t of ['Design • Supply • Installation', 'MNRE Empanelled Vendor', 'Solar Systems for Homes, Shops & Schools', 'Sales & Service of Consumer Electronics']) {
      expect(extractFields('INVOICE', rows(t)).data.dealer_address.value).toBe('14, Station Road, Nashik, Maharashtra - 422001');
    }
  });

  it('"Sale Invoice No." is the invoice\'s number; a payment\'s "Receipt No." beside it is not', () => {
    const m = pageFromRows([
      [0.03, [0.06, 'SHIV E-VEHICLES'], [0.8, 'TAX INVOICE']],
      [0.2, [0.3, 'Sale Invoice No.'], [0.52, 'SE/25-26/419']],
      [0.23, [0.3, 'Dated'], [0.52, '10/12/2025']],
      [0.5, [0.5, 'Receipt No. / Date'], [0.73, '250 / 05/12/2025']],
    ]);
    expect(extractFields('INVOICE', m).data.invoice_number.value).toBe('SE/25-26/419');
  });
});

describe('purchase order: a supplier\'s quotation accepted as the order by the buyer\'s stamp', () => {
  const page = () =>
    pageFromRows([
      [0.03, [0.13, 'Triveni Industrial Suppliers']],
      [0.07, [0.13, '472/1, Canal Road, Jayanagar, Jaipur 302259, Rajasthan']],
      [0.085, [0.13, 'GSTIN: 08UQZFT8011S6ZE']],
      [0.12, [0.44, 'QUOTATION']],
      [0.154, [0.057, 'To,'], [0.64, 'Quotation No.'], [0.77, 'SQ/25-26/168']],
      [0.17, [0.057, 'Shubham Castings Pvt. Ltd.'], [0.64, 'Date'], [0.77, '18 Dec 2025']],
      [0.185, [0.057, '52/24, Royal Arcade, Link Road, Lucknow,'], [0.64, 'Valid till'], [0.77, '17/01/2026']],
      [0.2, [0.057, 'Uttar Pradesh - 226423']],
      [0.52, [0.6, 'Total Amount (Rs.)'], [0.8, 'Rs. 4,25,355.00']],
      [0.667, [0.66, 'For Triveni Industrial Suppliers']],
      [0.693, [0.2, 'ACCEPTED']],
      [0.725, [0.086, 'PO No.'], [0.2, 'SHU-PO-0101']],
      [0.747, [0.086, 'Date'], [0.2, '21.12.2025']],
      [0.772, [0.134, 'For SHUBHAM CASTINGS PVT. LTD.']],
    ]);

  it('the quotation\'s addressee is the buyer and its letterhead the supplier', () => {
    const d = extractFields('PURCHASE_ORDER', page()).data;
    expect(d.buyer_name.value).toBe('Shubham Castings Pvt. Ltd.');
    expect(d.supplier_name.value).toBe('Triveni Industrial Suppliers');
  });

  it('the order\'s date is the "Date" under its number, not the quotation\'s "Date"', () => {
    const d = extractFields('PURCHASE_ORDER', page()).data;
    expect(d.po_number.value).toBe('SHU-PO-0101');
    expect(d.po_date.value).toBe('21/12/2025');
  });

  it('a meta cell on the "To," row ("Quotation No.") is not the addressee', () => {
    const m = pageFromRows([
      [0.03, [0.13, 'Shree Ganesh Textiles']],
      [0.07, [0.13, '12, Ring Road, Surat, Gujarat - 395002']],
      [0.12, [0.44, 'PURCHASE ORDER']],
      [0.154, [0.057, 'To,'], [0.64, 'Order No.'], [0.77, 'SGT/2025/118']],
      [0.17, [0.057, 'Laxmi Weaving Mills'], [0.64, 'Date'], [0.77, '18/12/2025']],
      [0.185, [0.057, '4, GIDC Estate, Bhiwandi, Maharashtra - 421302']],
    ]);
    expect(extractFields('PURCHASE_ORDER', m).data.supplier_name.value).toBe('Laxmi Weaving Mills');
  });
});

describe('purchase order: a trade indent', () => {
  it('"Indent No." numbers the order', () => {
    const m = pageFromRows([
      [0.03, [0.32, 'GAYATRI CREATIONS']],
      [0.077, [0.18, 'Shop No. 326, Royal Arcade, Bypass Road, Bengaluru, Karnataka - 560289']],
      [0.13, [0.41, 'PURCHASE ORDER']],
      [0.163, [0.057, 'Indent No. :'], [0.2, '2260'], [0.72, 'Date : 16/07/2024']],
      [0.194, [0.057, 'To,']],
      [0.21, [0.057, 'M/s. Sanjivani Fabrics']],
    ]);
    expect(extractFields('PURCHASE_ORDER', m).data.po_number.value).toBe('2260');
  });
});

describe('validators: form labels read as a party', () => {
  it('"Quotation No." is a label, not a supplier', () => {
    expect(plausible('supplier_name', 'Quotation No.')).toBe('fail');
  });
});

describe('bank statement: a net-banking page printed from the browser', () => {
  const page = () =>
    pageFromRows([
      [0.012, [0.02, '23/10/2025, 10:19 am Purna Bank NetBanking - Account Statement']],
      [0.14, [0.03, 'Account Statement']],
      [0.182, [0.05, 'Select Account'], [0.25, '5686511600372 - SB-REGULAR']],
      [0.244, [0.05, 'Start Date'], [0.2, '22-07-2025'], [0.35, 'To'], [0.42, '20-10-2025']],
      [0.318, [0.04, 'Name'], [0.2, 'LALIT KALE'], [0.5, 'Account Number'], [0.7, '5686511600372']],
      [0.341, [0.04, 'IFSC'], [0.2, 'PUCB0180481']],
      [0.482, [0.04, 'Date'], [0.2, 'Narration'], [0.5, 'Withdrawal'], [0.65, 'Deposit'], [0.8, 'Balance']],
      [0.503, [0.04, '25/07/2025'], [0.2, 'INT.PD'], [0.65, '787.73'], [0.8, '1,49,253.73']],
      [0.959, [0.29, '© 2025 Purna Commercial Bank Ltd. All rights reserved.']],
    ]);

  it('the period is the search form\'s "Start Date … To …" range', () => {
    const d = extractFields('BANK_STATEMENT', page()).data;
    expect(d.period_from.value).toBe('22/07/2025');
    expect(d.period_to.value).toBe('20/10/2025');
  });

  it('the bank\'s name is the fullest printing, the lower-case text it was read after left out', () => {
    expect(extractFields('BANK_STATEMENT', page()).data.bank_name.value).toBe('Purna Commercial Bank Ltd.');
  });
});

describe('electricity bill: a DISCOM app\'s bill screen', () => {
  it('an action beside the name\'s caption ("Switch account") is no name: the name is under the caption', () => {
    const m = pageFromRows([
      [0.047, [0.04, 'Varuna Power']],
      [0.115, [0.07, 'Name'], [0.75, 'Switch account v']],
      [0.131, [0.07, 'SANTOSH SONI']],
      [0.157, [0.07, 'Account ID'], [0.3, '8298313394']],
      [0.36, [0.07, 'Amount Due']],
      [0.38, [0.07, '3,249.00']],
      [0.428, [0.07, 'Bill Issue Date'], [0.75, '22 Oct 2025']],
    ]);
    expect(extractFields('EBILL', m).data.consumer_name.value).toBe('SANTOSH SONI');
  });

  it('"Account Holder" captions the consumer\'s name', () => {
    const m = pageFromRows([
      [0.051, [0.1, 'Kalindi Power']],
      [0.114, [0.065, 'Account Holder']],
      [0.13, [0.065, 'DINESH GHOSH']],
      [0.158, [0.065, 'Consumer No.'], [0.243, '7496637092']],
      [0.359, [0.065, 'Bill Amount']],
      [0.378, [0.065, 'Rs. 3,012.00']],
    ]);
    expect(extractFields('EBILL', m).data.consumer_name.value).toBe('DINESH GHOSH');
  });
});

describe('delivery order: a dealer portal\'s cards', () => {
  it('a bare "Address" caption inside the dealer\'s card ("Store Details") heads the dealer\'s address', () => {
    const m = pageFromRows([
      [0.045, [0.03, 'Pranhita Finance Dealer Connect']],
      [0.09, [0.21, 'DELIVERY ORDER']],
      [0.157, [0.21, 'DO Number'], [0.41, 'DO Issue Date']],
      [0.174, [0.21, 'DO-2024-766548'], [0.41, '08-07-2024']],
      [0.295, [0.22, 'Customer Details'], [0.614, 'Store Details']],
      [0.318, [0.22, 'Applicant'], [0.478, 'Pankaj Kale'], [0.614, 'Dealer Name'], [0.8, 'Navkar Home Appliances']],
      [0.338, [0.22, 'Mobile'], [0.473, '9043492337'], [0.614, 'Store Code'], [0.8, 'ST80006']],
      [0.379, [0.614, 'Address']],
      [0.394, [0.614, 'Plot 430, Shanti Niwas, College Road,']],
      [0.409, [0.614, 'Gomti Nagar, Kolkata,']],
      [0.423, [0.614, 'West Bengal - 700565']],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.dealer_address.value).toBe('Plot 430, Shanti Niwas, College Road, Gomti Nagar, Kolkata, West Bengal - 700565');
  });
});

describe('delivery order: a blurred portal page whose captions were lost', () => {
  const page = () =>
    pageFromRows([
      [0.041, [0.76, 'Navkar Home Appliances v']],
      [0.11, [0.21, 'Delivery Order']],
      [0.318, [0.478, 'Pankaj Kale'], [0.8, 'Navkar Home Appliances']],
      [0.759, [0.22, 'Deliver the asset only after collecting the down payment and the customer OTP Upload the tax']],
      [0.773, [0.22, 'invoice and the serial number within 48 hours of delivery.']],
    ]);

  it('an acronym after "the customer" ("OTP Upload") is no customer\'s name', () => {
    expect(extractFields('DELIVERY_ORDER', page()).data.customer_name.value).not.toBe('OTP Upload');
  });

  it('a menu caret after the name in the top bar ("… Appliances v") is not part of the name', () => {
    expect(extractFields('DELIVERY_ORDER', page()).data.dealer_name.value).toBe('Navkar Home Appliances');
  });
});

describe('IMEI label: a tablet box\'s regulatory sticker', () => {
  it('a labelled model the box\'s heading prints with more after it may be cut short: held for review', () => {
    const m = pageFromRows([
      [0.078, [0.076, 'Xiaomi']],
      [0.134, [0.076, 'Xiaomi Redmi Pad SE 8.7 4G']],
      [0.42, [0.557, 'Model :'], [0.67, 'Redmi Pad SE']],
      [0.51, [0.557, 'RAM / Storage : 4 GB RAM, 64 GB ROM']],
      [0.552, [0.557, 'IMEI/MEID: 356750099564353']],
      [0.752, [0.564, 'M.R.P. Rs. 25,999.00']],
    ]);
    const f = extractFields('IMEI_CLOSEUP_IMAGE', m).data.model;
    expect(f.value).toBe('Redmi Pad SE');
    expect(f.confidence_score).toBeLessThanOrEqual(0.6);
  });
});

describe('classification: a quotation accepted as the purchase order', () => {
  it('a supplier\'s quotation carrying the buyer\'s "ACCEPTED" stamp and PO number is a purchase order, not an invoice', () => {
    const m = pageFromRows([
      [0.03, [0.13, 'Gayatri Steel Centre']],
      [0.085, [0.13, 'GSTIN: 29MWBPG3945G8Z0']],
      [0.12, [0.44, 'QUOTATION']],
      [0.154, [0.057, 'To,'], [0.64, 'Quotation No.'], [0.77, 'Q/25-26/315']],
      [0.31, [0.06, 'Sr.'], [0.1, 'Description'], [0.48, 'HSN'], [0.59, 'Qty'], [0.72, 'Rate (Rs.)'], [0.85, 'Amount (Rs.)']],
      [0.46, [0.7, 'CGST @ 9%'], [0.85, '48,000.00']],
      [0.523, [0.66, 'Grand Total'], [0.8, 'Rs. 6,35,932.00']],
      [0.604, [0.057, '2. Delivery : within 7 days from receipt of your purchase order.']],
      [0.617, [0.057, '3. Payment : 30 days from invoice.']],
      [0.693, [0.2, 'ACCEPTED']],
      [0.726, [0.084, 'PO No.'], [0.2, '4471']],
    ]);
    expect(classify(m).type).toBe('PURCHASE_ORDER');
  });
});

describe('bank statement: a gramin bank\'s print and a form\'s date inputs', () => {
  it('a category printed over the bank\'s name ("Kshetriya Gramin Bank / A Regional Rural Bank"): the printing the IFSC spells is the bank', () => {
    const m = pageFromRows([
      [0.033, [0.05, 'Kshetriya Gramin Bank / A Regional Rural Bank'], [0.79, 'STATEMENT OF ACCOUNT']],
      [0.046, [0.05, 'Tapi Kinara Gramin Bank']],
      [0.073, [0.05, 'Shakha / Branch : Mehndipur (1016), Distt. Vidisha • IFSC TKGB0RR6106']],
      [0.12, [0.05, 'Customer Name'], [0.24, 'SHRI PANKAJ GHOSH'], [0.66, 'A/c No.'], [0.8, '80113570144136562']],
    ]);
    expect(extractFields('BANK_STATEMENT', m).data.bank_name.value).toBe('Tapi Kinara Gramin Bank');
  });

  it('inputs "Start Date | d1 | To | d2" on one row, each its own line: the bare "To" input ends the period', () => {
    const m = pageFromRows([
      [0.14, [0.03, 'Account Statement']],
      [0.245, [0.05, 'Start Date']],
      [0.245, [0.25, '22-07-2025']],
      [0.245, [0.46, 'To']],
      [0.245, [0.56, '20-10-2025']],
      [0.245, [0.8, 'View']],
      [0.317, [0.04, 'Name'], [0.2, 'LALIT KALE'], [0.5, 'Account Number'], [0.7, '5686511600372']],
    ]);
    const d = extractFields('BANK_STATEMENT', m).data;
    expect(d.period_from.value).toBe('22/07/2025');
    expect(d.period_to.value).toBe('20/10/2025');
  });
});

describe('delivery order: a dealer portal\'s captions', () => {
  it('"Issued On" over a date in the caption row dates the order', () => {
    const m = pageFromRows([
      [0.04, [0.74, 'Sanjivani Digital Bazaar']],
      [0.109, [0.21, 'Delivery Order']],
      [0.156, [0.22, 'DO No.']],
      [0.156, [0.41, 'Issued On']],
      [0.156, [0.6, 'Valid Till']],
      [0.173, [0.22, 'DO-2024-725301']],
      [0.173, [0.41, '02/03/2024']],
      [0.173, [0.6, '01 Apr 2024']],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.order_date.value).toBe('02/03/2024');
  });

  it('"Store Name" beside a right-aligned value names the dealer', () => {
    const m = pageFromRows([
      [0.109, [0.21, 'Delivery Order']],
      [0.295, [0.22, 'Customer Details'], [0.612, 'Store Details']],
      [0.318, [0.22, 'Borrower Name'], [0.467, 'Savita Tomar']],
      [0.318, [0.612, 'Store Name']],
      [0.318, [0.8, 'Mayur Mobile Planet']],
      [0.338, [0.612, 'Store Code'], [0.9, 'ST60117']],
      [0.688, [0.612, 'Dealer Subvention'], [0.9, 'Rs. 0.00']],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.dealer_name.value).toBe('Mayur Mobile Planet');
  });
});

describe('bank statement: two printings of the bank\'s name that disagree on a word', () => {
  it('"Purna Bank" in the header, "Puna Commercial Bank Ltd" in the footer: one was misread, held for review', () => {
    const m = pageFromRows([
      [0.012, [0.37, 'Purna Bank NetBanking - Account Statement']],
      [0.182, [0.05, 'Select Account'], [0.25, '5686511600372 - SB-REGULAR']],
      [0.341, [0.04, 'IFSC'], [0.2, 'PUCB0180481']],
      [0.959, [0.3, '2025 Puna Commercial Bank Ltd, All rights reserved.']],
    ]);
    expect(extractFields('BANK_STATEMENT', m).data.bank_name.confidence_score).toBeLessThanOrEqual(0.5);
  });
});

describe('purchase order: a "Quotation" caption is no title', () => {
  it('an order whose meta row captions its quotation keeps the letterhead as the buyer and the addressee as the supplier', () => {
    const m = pageFromRows([
      [0.03, [0.13, 'Ganga Polymers Pvt. Ltd.']],
      [0.07, [0.13, '16, Old Mill Road, Mumbai, Maharashtra - 400400']],
      [0.1, [0.44, 'PURCHASE ORDER']],
      [0.14, [0.06, 'PO No.'], [0.3, 'Date'], [0.5, 'Quotation']],
      [0.155, [0.06, 'PO/24-25/099'], [0.3, '22/10/2025'], [0.5, 'Q-3096']],
      [0.2, [0.057, 'To,']],
      [0.215, [0.057, 'Kohinoor Agro Products']],
      [0.23, [0.057, 'Plot 306, Link Road, Kolkata, West Bengal - 700223']],
      [0.8, [0.66, 'For Ganga Polymers Pvt. Ltd.']],
    ]);
    const d = extractFields('PURCHASE_ORDER', m).data;
    expect(d.buyer_name.value).toBe('Ganga Polymers Pvt. Ltd.');
    expect(d.supplier_name.value).toBe('Kohinoor Agro Products');
  });
});
