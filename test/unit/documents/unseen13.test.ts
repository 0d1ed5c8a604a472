/**
 * Commercial and identity documents on layouts of the thirteenth dev set (test/fixtures/documents/dev13:
 * written apart from the extractor, values in unusual places): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { stripCareOf } from '#core/documents/fields/common.ts';
import { pageFromRows } from './rows.ts';

describe('INVOICE: the invoice date beside the date of supply', () => {
  it('a bare "Date" is the invoice\'s, not the "Date of Supply" printed beside it', () => {
    const page = pageFromRows([
      [0.03, [0.42, 'TAX INVOICE']],
      [0.06, [0.2, 'KAVERI VALLEY ELECTRICALS']],
      [0.146, [0.04, 'Invoice No.'], [0.2, '996'], [0.5, 'Transportation Mode'], [0.7, 'Road']],
      [0.164, [0.04, 'Date'], [0.2, '20-DEC-2025'], [0.5, 'Vehicle Number'], [0.7, '-']],
      [0.182, [0.04, 'Reverse Charge (Y/N)'], [0.2, 'N'], [0.5, 'Date of Supply'], [0.7, '23-DEC-2025']],
    ]);
    expect(extractFields('INVOICE', page).data.invoice_date.value).toBe('20/12/2025');
  });

  it('the date of supply is still read when the invoice prints no other date', () => {
    const page = pageFromRows([
      [0.03, [0.42, 'TAX INVOICE']],
      [0.146, [0.04, 'Invoice No.'], [0.2, '996']],
      [0.182, [0.04, 'Date of Supply'], [0.2, '23-DEC-2025']],
    ]);
    expect(extractFields('INVOICE', page).data.invoice_date.value).toBe('23/12/2025');
  });
});

describe('PAN: a long name and father\'s name each wrapped over two lines on the old card', () => {
  it('four name lines between the heading and the date are two names of two lines each', () => {
    const page = pageFromRows([
      [0.1, [0.11, 'INCOME TAX DEPARTMENT'], [0.66, 'GOVT. OF INDIA']],
      [0.151, [0.117, 'LAKSHMI NARASIMHA']],
      [0.171, [0.117, 'SWAMY GOLLAPUDI']],
      [0.199, [0.117, 'SIVA RAMA KRISHNA']],
      [0.219, [0.117, 'PRASAD GOLLAPUDI']],
      [0.247, [0.117, '27-01-1962']],
      [0.327, [0.117, 'Permanent Account Number']],
      [0.343, [0.117, 'BXWPG1945K']],
    ]);
    const d = extractFields('PAN', page).data;
    expect(d.name_as_per_pan.value).toBe('LAKSHMI NARASIMHA SWAMY GOLLAPUDI');
    expect(d.father_name.value).toBe('SIVA RAMA KRISHNA PRASAD GOLLAPUDI');
  });
});

describe('EBILL: the amount payable by the due date, boxed beside the charges', () => {
  const bill = (caption: string, figure: [number, string]) =>
    pageFromRows([
      [0.02, [0.04, 'MALNAD ELECTRICITY SUPPLY COMPANY LTD.']],
      [0.09, [0.34, 'ELECTRICITY BILL']],
      [0.136, [0.04, 'Consumer Number'], [0.5, 'Bill No.']],
      [0.155, [0.04, 'TR1715750949'], [0.5, '913665886875']],
      [0.386, [0.04, 'Energy Charges'], [0.407, '1,974.15'], [0.536, caption]],
      [0.406, [0.04, 'Fixed Charges'], [0.423, '120.00']],
      [0.427, [0.04, 'Electricity Duty'], [0.423, '118.45'], figure],
      [0.467, [0.04, 'Current Bill Amount'], [0.407, '2,237.60']],
      [0.477, [0.536, 'Amount payable after due date']],
      [0.487, [0.04, 'Arrears'], [0.439, '0.00'], [0.857, '2,303.00']],
    ]);

  it('"Payable on or before due date" over a figure right-aligned in its box, not the current bill amount', () => {
    expect(extractFields('EBILL', bill('Payable on or before due date', [0.8, '2,238.00'])).data.amount_due.value).toBe(2238);
    // (a space read after the thousands comma)
    expect(extractFields('EBILL', bill('Payable on or before due date', [0.8, '2, 238.00'])).data.amount_due.value).toBe(2238);
  });

  it('"Amount payable before due date" over the box\'s figure starting inside the caption\'s width', () => {
    expect(extractFields('EBILL', bill('Amount payable before due date', [0.74, 'INR 2715.00'])).data.amount_due.value).toBe(2715);
  });
});

describe('IMEI_CLOSEUP_IMAGE: a showroom price card', () => {
  const card = (brand: string) =>
    pageFromRows([
      [0.093, [0.086, 'VAIGAI MOBILE WORLD']],
      [0.177, [0.086, brand]],
      [0.219, [0.086, 'T3x 5G']],
      [0.283, [0.086, '6GB + 128GB']],
      [0.328, [0.086, 'Colour: Titan Grey']],
      [0.381, [0.086, 'MRP ₹24,999'], [0.234, 'Save ₹4,000']],
      [0.454, [0.104, 'OUR PRICE']],
      [0.494, [0.368, '₹20,999']],
      [0.603, [0.086, 'Bank Offer: ₹2,000 instant discount on select credit cards']],
      [0.768, [0.086, 'IMEI1: 863735071936923']],
    ]);

  it('the price boxed large under its caption, centred rather than under its start, before the struck MRP', () => {
    expect(extractFields('IMEI_CLOSEUP_IMAGE', card('VIVO')).data.price.value).toBe(20999);
  });

  it('the model on the line under the brand printed alone (a logo\'s O read as 0 too)', () => {
    expect(extractFields('IMEI_CLOSEUP_IMAGE', card('VIVO')).data.model.value).toBe('T3x 5G');
    expect(extractFields('IMEI_CLOSEUP_IMAGE', card('1Q00')).data.model.value).toBe('T3x 5G');
  });
});

describe('IMEI_CLOSEUP_IMAGE: a bilingual box label, caption rows over value rows', () => {
  it('the name under "Utpad / Product Name", not the English caption under the local-language one', () => {
    const page = pageFromRows([
      [0.083, [0.086, 'REALME'], [0.649, 'Utpad: Mobile Phone / Smartphone']],
      [0.146, [0.091, 'Utpad'], [0.423, 'Model Sankhya'], [0.671, 'Rang']],
      [0.165, [0.091, 'Product Name'], [0.423, 'Model No.'], [0.671, 'Colour']],
      [0.197, [0.093, 'Narzo 70 Pro 5G'], [0.424, 'RMX3868'], [0.673, 'Lavender Purple']],
      [0.237, [0.091, 'Smriti'], [0.423, 'Shuddh Matra'], [0.671, 'Nirman Mah / Varsh']],
      [0.256, [0.091, 'Variant'], [0.423, 'Net Quantity'], [0.671, 'Month & Year of Mfg.']],
      [0.289, [0.093, '4GB RAM + 64GB ROM'], [0.424, '1 N (One Unit)'], [0.673, '05/2025']],
    ]);
    expect(extractFields('IMEI_CLOSEUP_IMAGE', page).data.model.value).toBe('Narzo 70 Pro 5G');
  });
});

describe('DELIVERY_ORDER: a lender\'s grid of caption rows', () => {
  it('"DO Dt." is the order\'s date, not the application date before it in the band', () => {
    const page = pageFromRows([
      [0.031, [0.124, 'Umiam Finserv Ltd.']],
      [0.106, [0.391, 'DELIVERY ORDER']],
      [0.148, [0.049, 'Loan Application No.'], [0.33, 'D.O. Number'], [0.6, 'Loan Account No. (LAN)']],
      [0.168, [0.05, 'APP38819927'], [0.33, 'DO813568358'], [0.6, 'ON2704337662']],
      [0.19, [0.049, 'Application Date'], [0.33, 'DO Dt.'], [0.6, 'Valid Till']],
      [0.209, [0.051, '26.12.2025'], [0.33, '27.12.2025'], [0.6, '03.01.2026']],
    ]);
    expect(extractFields('DELIVERY_ORDER', page).data.order_date.value).toBe('27/12/2025');
  });
});

describe('AADHAAR: a PVC card photographed lying on a household electricity bill', () => {
  const page = pageFromRows([
    [0.052, [0.05, 'VAIGAI POWER DISTRIBUTION CORPN. LTD.']],
    [0.087, [0.051, 'ELECTRICITY BILL']],
    [0.147, [0.051, 'Consumer No.'], [0.486, 'Bharat Sarkar']],
    [0.168, [0.051, '215530306838'], [0.486, 'Government of India']],
    [0.201, [0.051, 'Consumer Name']],
    [0.222, [0.051, 'SENTHIL LYNGDOH']],
    [0.234, [0.486, 'Karthikeyan Lyngdoh']],
    [0.253, [0.051, 'Bill Date']],
    [0.275, [0.051, '08-08-2025'], [0.486, 'DOB: 04/10/1985']],
    [0.307, [0.051, 'Due Date'], [0.486, 'Purush / MALE']],
    [0.38, [0.051, 'Supply Address']],
    [0.405, [0.051, 'SHOP NO. 78, VINAYAK TOWERS']],
    [0.428, [0.051, 'BYPASS ROAD, SADASHIV NAGAR'], [0.486, '2784 0126 6560']],
    [0.452, [0.051, 'BELAGAVI, KARNATAKA - 590706']],
    [0.63, [0.501, 'Pata:']],
    [0.654, [0.501, 'S/O: Senthil Lyngdoh, H.No. 307, Bazar Street']],
    [0.677, [0.5, 'Camp, Belagavi, Karnataka - 590568']],
    [0.858, [0.606, '2784 0126 6560']],
  ]);

  it('the bill\'s "Consumer Name" is another party: the holder is the name over the card\'s DOB', () => {
    expect(extractFields('AADHAAR', page).data.name.value).toBe('Karthikeyan Lyngdoh');
  });

  it('the bill\'s "Supply Address" is not the card\'s: the address under "Pata:" (पता in Latin letters)', () => {
    expect(extractFields('AADHAAR', page).data.address.value).toBe('H.No. 307, Bazar Street, Camp, Belagavi, Karnataka - 590568');
  });
});

describe('AADHAAR: the care-of read with a dollar for its S', () => {
  it('"$/0: Omkar Shinde," heads the address and is dropped', () => {
    expect(stripCareOf('$/0: Omkar Shinde, Gala No. 241, Bazar Street, Mawlai, Shillong, Meghalaya - 793401')).toBe('Gala No. 241, Bazar Street, Mawlai, Shillong, Meghalaya - 793401');
  });
});

describe('EBILL: values printed over their captions (a city-gas bill)', () => {
  const bill = () =>
    pageFromRows([
      [0.022, [0.121, 'Deccan Star City Gas Distribution Ltd.']],
      [0.083, [0.384, 'PNG BILL / GAS BILL']],
      [0.119, [0.043, 'KHATA VIVARAN / ACCOUNT DETAILS'], [0.521, 'GRAHAK VIVARAN / CUSTOMER DETAILS']],
      [0.142, [0.043, '2127802746'], [0.271, '9594806524'], [0.521, 'HARJEET MURUGESAN']],
      [0.161, [0.043, 'Grahak Sankhya'], [0.271, 'Bill Sankhya'], [0.521, 'Naam']],
      [0.176, [0.043, 'BP No.'], [0.271, 'Bill No.'], [0.521, 'Name']],
      [0.2, [0.043, 'M41205472'], [0.271, '17 Aug 2024'], [0.521, '222-41, Lotus Court, Ring Road, Thangal Bazar']],
      [0.218, [0.043, 'Meter Sankhya'], [0.271, 'Bill Dinank'], [0.521, 'Imphal, Manipur - 795237']],
      [0.233, [0.043, 'Meter No.'], [0.271, 'Bill Date'], [0.521, 'Aapoorti ka pata']],
      [0.248, [0.521, 'Installation Address']],
      [0.265, [0.043, '11 Aug 2024'], [0.271, '01 Sep 2024'], [0.521, '692XXXX705']],
      [0.283, [0.043, 'Pathan Dinank'], [0.271, 'Antim Tithi'], [0.521, 'Mobile']],
      [0.298, [0.043, 'Reading Date'], [0.271, 'Due Date'], [0.521, 'Registered Mobile']],
      [0.32, [0.043, '12 Jun 2024 to 11 Aug 2024']],
      [0.338, [0.043, 'Bill Avadhi']],
      [0.353, [0.043, 'Billing Period']],
      [0.42, [0.05, 'Particulars'], [0.527, 'SCM'], [0.856, 'Amount (Rs.)']],
      [0.44, [0.05, 'Gas Consumption Charges'], [0.534, '33'], [0.887, '1,603.47']],
    ]);

  it('each caption\'s value is the one over it, not the next band\'s under it', () => {
    const d = extractFields('EBILL', bill()).data;
    expect(d.consumer_name.value).toBe('HARJEET MURUGESAN');
    expect(d.consumer_number.value).toBe('2127802746');
    expect(d.bill_date.value).toBe('17/08/2024');
    expect(d.address.value).toBe('222-41, Lotus Court, Ring Road, Thangal Bazar, Imphal, Manipur - 795237');
  });

  it('a grid of captions over values is read as before', () => {
    const page = pageFromRows([
      [0.02, [0.04, 'MALNAD ELECTRICITY SUPPLY COMPANY LTD.']],
      [0.09, [0.34, 'ELECTRICITY BILL']],
      [0.136, [0.04, 'Consumer Number'], [0.5, 'Bill No.']],
      [0.155, [0.04, 'TR1715750949'], [0.5, '913665886875']],
      [0.188, [0.04, 'Name of Consumer']],
      [0.207, [0.04, 'Bikram Bedi']],
      [0.27, [0.04, 'Reading Date'], [0.3, 'Bill Date'], [0.55, 'Due Date']],
      [0.288, [0.04, '04/02/2024'], [0.3, '08/02/2024'], [0.55, '18/02/2024']],
    ]);
    const d = extractFields('EBILL', page).data;
    expect(d.consumer_number.value).toBe('TR1715750949');
    expect(d.bill_date.value).toBe('08/02/2024');
    expect(d.consumer_name.value).toBe('Bikram Bedi');
  });
});

describe('layout: bands of bilingual captions (the local language over the English) over values', () => {
  it('a band\'s values are its captions\' even when the next band opens with local-language captions', () => {
    const page = pageFromRows([
      [0.038, [0.321, 'KAR BEEJAK / TAX INVOICE']],
      [0.225, [0.049, 'Challan Sankhya'], [0.277, 'Aadesh Sankhya'], [0.506, 'Sandarbh'], [0.736, 'Beejak Sankhya']],
      [0.24, [0.049, 'Challan No.'], [0.278, 'Order No.'], [0.506, 'Ref. No.'], [0.735, 'Invoice No.']],
      [0.26, [0.051, 'DC/8748'], [0.279, 'SO-82919'], [0.509, 'EMI/457462'], [0.736, 'GST/3771/25-26']],
      [0.285, [0.049, 'Aadesh Dinank'], [0.279, 'Beejak Dinank'], [0.507, 'Bhugtan Tithi'], [0.736, 'Bhugtan']],
      [0.3, [0.049, 'Order Date'], [0.278, 'Invoice Date'], [0.506, 'Due Date'], [0.735, 'Payment Mode']],
      [0.32, [0.051, '10.07.2025'], [0.28, '13.07.2025'], [0.509, '12.08.2025'], [0.736, 'Cash + Finance']],
    ]);
    const d = extractFields('INVOICE', page).data;
    expect(d.invoice_number.value).toBe('GST/3771/25-26');
    expect(d.invoice_date.value).toBe('13/07/2025');
  });
});

describe('EBILL: the payable box with the pay-by date beside its caption', () => {
  it('"Net Payable Amount | Pay by 13-07-2024" over "INR 2401.00": the boxed figure, never the year', () => {
    const page = pageFromRows([
      [0.022, [0.121, 'Sukhna Gas Network Ltd.']],
      [0.083, [0.36, 'GAS BILL (DOMESTIC PNG)']],
      [0.462, [0.05, 'Arrears / Late Payment Charges'], [0.903, '889.00']],
      [0.526, [0.06, 'Net Payable Amount'], [0.486, 'Pay by 13-07-2024']],
      [0.545, [0.486, 'Amount after due date: INR 2501.00']],
      [0.552, [0.206, 'INR 2401.00']],
    ]);
    expect(extractFields('EBILL', page).data.amount_due.value).toBe(2401);
  });
});

describe('INVOICE: receiver and consignee boxes side by side under centred headings', () => {
  it('the receiver is the box under "Bill to Party", right or left of "Ship to Party"', () => {
    const page = (billLeft: boolean) => {
      const [bill, ship] = billLeft ? [0.211, 0.682] : [0.682, 0.211];
      const [billName, shipName] = billLeft ? ['Ibomcha Shinde', 'Anitha Gowda'] : ['Anitha Gowda', 'Ibomcha Shinde'];
      return pageFromRows([
        [0.03, [0.42, 'TAX INVOICE']],
        [0.06, [0.2, 'KAVERI VALLEY ELECTRICALS']],
        [0.146, [0.039, 'Invoice No.'], [0.214, ': 996']],
        [0.164, [0.039, 'Dated'], [0.214, ': 22-FEB-2025']],
        [0.224, [Math.min(bill, ship), billLeft ? 'Bill to Party' : 'Ship to Party'], [Math.max(bill, ship), billLeft ? 'Ship to Party' : 'Bill to Party']],
        [0.248, [0.039, 'Name'], [0.121, `: ${billLeft ? billName : shipName}`], [0.51, 'Name'], [0.593, `: ${billLeft ? shipName : billName}`]],
      ]);
    };
    expect(extractFields('INVOICE', page(false)).data.customer_name.value).toBe('Anitha Gowda');
    expect(extractFields('INVOICE', page(true)).data.customer_name.value).toBe('Ibomcha Shinde');
  });
});
