/**
 * MSME documents as government portals and net banking print them, on layouts of the eighteenth dev set
 * (test/fixtures/documents/dev18: written apart from the extractor): each general fix reduced to the few
 * synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('UDYAM: the official address as part captions with slashes', () => {
  const page = (door: string, area: string) =>
    pageFromRows([
      [0.05, [0.3, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.12, [0.06, 'UDYAM REGISTRATION NUMBER'], [0.35, 'UDYAM-CG-15-4167131']],
      [0.15, [0.06, 'ENTERPRISE NAME'], [0.35, 'KOVALAM AGRO IMPLEMENTS']],
      [0.31, [0.05, 'OFFICIAL ADDRESS OF ENTERPRISE']],
      [0.33, [0.04, door], [0.3, 'Plot No. 18'], [0.5, 'Name of Premises/ Building'], [0.82, 'Navrang Complex']],
      [0.35, [0.04, 'Road/Street/Lane'], [0.3, 'Station Road'], [0.5, area], [0.82, 'Supela']],
      [0.37, [0.04, 'City'], [0.3, 'Raipur'], [0.5, 'District'], [0.82, 'Raipur']],
      [0.39, [0.04, 'State'], [0.3, 'Chhattisgarh'], [0.5, 'Pin'], [0.82, '492974']],
      [0.5, [0.06, 'DATE OF UDYAM REGISTRATION'], [0.35, '26/06/2024']],
    ]);
  const want = 'Plot No. 18, Navrang Complex, Station Road, Supela, Raipur, Chhattisgarh, 492974';

  it('"Flat/Door/Block" without its "No." is a part caption: the door number is in the address', () => {
    expect(extractFields('UDYAM_CERT', page('Flat/Door/Block', 'Village/Town')).data.address.value).toBe(want);
  });

  it('"Area / Locality" (two part words with a slash) is a part caption: the locality is in the address', () => {
    expect(extractFields('UDYAM_CERT', page('Flat/Door/Block No.', 'Area / Locality')).data.address.value).toBe(want);
  });
});

describe('PURCHASE_ORDER: a party box whose firm name wraps before "LIMITED"', () => {
  const page = (tail: string) =>
    pageFromRows([
      [0.08, [0.4, 'PURCHASE ORDER']],
      [0.11, [0.03, 'PO No.'], [0.2, 'PO/UP/24-25/53875'], [0.5, 'PO Date'], [0.65, '11/05/2024']],
      [0.18, [0.03, 'To (Supplier)'], [0.4, 'Bill To'], [0.85, 'Ship To']],
      [0.2, [0.03, 'Tirupati Packaging'], [0.4, 'VAISHALI CASHEW PROCESSORS PRIVATE']],
      [0.22, [0.03, 'Eluru Road, Kochi'], [0.4, tail]],
      [0.24, [0.03, 'Kerala - 682599'], [0.4, 'Aminabad, Kanpur, Uttar Pradesh - 208656']],
      [0.4, [0.6, 'Grand Total'], [0.8, '3,97,969.00']],
    ]);

  it('the "LIMITED" at the box\'s left edge under a name ending "PRIVATE" is the name\'s', () => {
    expect(extractFields('PURCHASE_ORDER', page('LIMITED')).data.buyer_name.value).toBe('VAISHALI CASHEW PROCESSORS PRIVATE LIMITED');
  });

  it('an address line under it is not', () => {
    expect(extractFields('PURCHASE_ORDER', page('Makan No. 29, Eluru Road')).data.buyer_name.value).toBe('VAISHALI CASHEW PROCESSORS PRIVATE');
  });
});

describe('GST_CERT: a migrated REG-06 in a Description | Details table', () => {
  const page = (tradeCaption: string, addressCaption: string, wrapped: string, qualifier: string) =>
    pageFromRows([
      [0.04, [0.4, 'Government of India']],
      [0.06, [0.4, 'Form GST REG-06']],
      [0.09, [0.35, 'Registration Certificate']],
      [0.13, [0.06, 'Registration Number (GSTIN): 10KNUPT6195B9Z8']],
      [0.16, [0.06, 'S. No.'], [0.13, 'Description'], [0.66, 'Details']],
      [0.18, [0.06, '1.'], [0.13, 'Legal Name'], [0.66, 'LOKESH THAKUR']],
      [0.2, [0.06, '2.'], [0.13, tradeCaption], [0.66, 'Baba Shyam Sales and Allied']],
      ...((wrapped ? [[0.22, [0.66, wrapped]]] : []) as [number, [number, string]][]),
      [0.24, [0.06, '3.'], [0.13, 'Constitution of Business'], [0.66, 'Proprietorship']],
      [0.26, [0.06, '4.'], [0.13, addressCaption], [0.66, 'Holding No. 63, M.I. Road']],
      [0.28, ...((qualifier ? [[0.13, qualifier]] : []) as [number, string][]), [0.66, 'Patna, Bihar - 800025']],
      [0.3, [0.06, '5.'], [0.13, 'Date of Liability'], [0.66, '01/07/2017']],
    ]);
  const read = (...a: Parameters<typeof page>) => extractFields('GST_CERT', page(...a)).data;

  it('a caption naming its field again in brackets ("Name of Business (Trade Name)") is that field\'s caption', () => {
    expect(read('Name of Business (Trade Name)', 'Address of Principal Place of Business', 'Industries', '').trade_name.value).toBe('Baba Shyam Sales and Allied Industries');
    expect(read('Name of Business (Trade Name)', 'Address of Principal Place of Business (PPOB)', 'Industries', '').address.value).toBe('Holding No. 63, M.I. Road, Patna, Bihar - 800025');
  });

  it('a trade name wrapped in the details column is read whole; a next caption\'s value is not joined', () => {
    expect(read('Trade Name', 'Address of Principal Place of Business', 'Industries', '').trade_name.value).toBe('Baba Shyam Sales and Allied Industries');
    expect(read('Trade Name', 'Address of Principal Place of Business', '', '').trade_name.value).toBe('Baba Shyam Sales and Allied');
  });

  it('the caption\'s bracketed qualifier wrapped under it ("(as per the enrolment)") leaves the address\'s next line to the address', () => {
    expect(read('Trade Name', 'Address of Principal Place of Business', 'Industries', '(as per the enrolment)').address.value).toBe('Holding No. 63, M.I. Road, Patna, Bihar - 800025');
  });
});

describe('BANK_STATEMENT: a net-banking download\'s customer block without caption or title', () => {
  const page = (holder: string, key: string) =>
    pageFromRows([
      [0.03, [0.12, 'MAGADH GRAMIN VIKAS BANK']],
      [0.05, [0.12, 'Internet Banking']],
      [0.09, [0.06, holder], [0.52, key], [0.7, '733437015']],
      [0.11, [0.06, 'G-143, JAGDAMBA MARKET, CIVIL LINES ROAD'], [0.52, 'A/c No.'], [0.7, '42427703753492']],
      [0.13, [0.06, 'JODHPUR, RAJASTHAN - 342800'], [0.52, 'IFSC'], [0.7, 'MGVB0416982']],
      [0.25, [0.05, 'Statement From : 18/10/2025 To : 17/11/2025']],
      [0.28, [0.05, 'Date'], [0.2, 'Narration'], [0.5, 'Withdrawal'], [0.65, 'Deposit'], [0.8, 'Balance']],
      [0.3, [0.05, '21/10/25'], [0.2, 'CASH DEPOSIT'], [0.65, '44,119.00'], [0.8, '1,97,081.40']],
    ]);

  it('the name first on the account block\'s "Customer ID" row, over an address, is the holder', () => {
    expect(extractFields('BANK_STATEMENT', page('RUPESH KUMAR', 'Customer ID')).data.account_holder.value).toBe('RUPESH KUMAR');
  });

  it('not when its row carries no account key', () => {
    expect(extractFields('BANK_STATEMENT', page('RUPESH KUMAR', 'Branch')).data.account_holder?.value ?? '').toBe('');
  });
});

describe('SHOP_ACT: a cell\'s rule read as a letter before the licence number', () => {
  it('"I NN/BIK/Z3/2022/579557" in the number\'s cell is the number without the "I"', () => {
    const page = pageFromRows([
      [0.1, [0.4, 'TRADE LICENCE']],
      [0.14, [0.06, 'Trade Licence No.'], [0.3, 'I NN/BIK/Z3/2022/579557'], [0.6, 'Application No.'], [0.78, 'APP20221317276']],
      [0.21, [0.06, 'Trade Name'], [0.3, 'Vaishali Traders']],
      [0.27, [0.06, 'Address'], [0.3, 'G-147, First Floor, Eluru Road, Bikaner, Rajasthan - 334351']],
      [0.35, [0.06, 'Validity'], [0.3, '17.01.2022 to 16.01.2025']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.registration_number.value).toBe('NN/BIK/Z3/2022/579557');
  });
});
