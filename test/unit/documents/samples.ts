/**
 * Synthetic document layouts (made-up people, businesses and numbers) as plain lines. Check
 * digits come from the fixture module's own implementations, not the validators under test.
 */
import { gstinCheckChar, luhnCheckDigit, verhoeffCheckDigit } from '../../fixtures/documents/checksums.ts';

export const AADHAAR_NO = '23456789012' + verhoeffCheckDigit('23456789012');
export const AADHAAR_SPACED = `${AADHAAR_NO.slice(0, 4)} ${AADHAAR_NO.slice(4, 8)} ${AADHAAR_NO.slice(8)}`;
export const IMEI_1 = '35209900176148' + luhnCheckDigit('35209900176148');
export const IMEI_2 = '35209900176149' + luhnCheckDigit('35209900176149');
export const DEALER_GSTIN = '27AAPFU0939F1Z' + gstinCheckChar('27AAPFU0939F1Z');
export const BUYER_GSTIN = '29ABCPV1234F1Z' + gstinCheckChar('29ABCPV1234F1Z');

export const PAN_OLD: string[] = [
  'आयकर विभाग            भारत सरकार',
  'INCOME TAX DEPARTMENT      GOVT. OF INDIA',
  'RAHUL SHARMA',
  'SURESH KUMAR SHARMA',
  '15/08/1990',
  'Permanent Account Number',
  'ABCPS1234K',
  'Signature',
];

export const PAN_NEW: string[] = [
  'INCOME TAX DEPARTMENT',
  'GOVT. OF INDIA',
  'Permanent Account Number Card',
  'BQZPV4821M',
  'नाम / Name',
  'PRIYA VERMA',
  "पिता का नाम / Father's Name",
  'ANIL KUMAR VERMA',
  'जन्म की तारीख / Date of Birth',
  '02/11/1988',
];

export const AADHAAR_FRONT: string[] = [
  'भारत सरकार',
  'Government of India',
  'Sneha Patel',
  'जन्म तिथि/DOB: 21/04/1995',
  'महिला/ FEMALE',
  AADHAAR_SPACED,
  'मेरा आधार, मेरी पहचान',
];

export const AADHAAR_BACK: string[] = [
  'Unique Identification Authority of India',
  'Address:',
  'W/O Karan Patel, 14, Temple Street,',
  'Kothrud, Pune,',
  'Maharashtra - 411038',
  AADHAAR_SPACED,
  'VID : 9123 4567 8901 2345',
  'help@uidai.gov.in     www.uidai.gov.in',
];

export const INVOICE: string[] = [
  'TAX INVOICE',
  'Shree Ganesh Mobile',
  'Shop No 12, Main Bazaar, Shivaji Nagar,',
  'Pune, Maharashtra - 411005',
  `GSTIN: ${DEALER_GSTIN}`,
  'Invoice No: SGM/24-25/0456',
  'Invoice Date: 12-Mar-2024',
  'Bill To:',
  'Customer Name: Amit Verma',
  'Address: 45, Park Avenue, Model Town,',
  'Pune - 411001',
  'Mobile: +91 98765 43210',
  'Sl No  Description  HSN  Qty  Rate  Amount',
  `1  Samsung Galaxy M34 5G (6GB/128GB) IMEI ${IMEI_1}  8517  1  15,253.39  15,253.39`,
  'CGST @9%  1,372.81',
  'SGST @9%  1,372.81',
  'Grand Total  Rs. 17,999.00',
  'Amount in words: Rupees Seventeen Thousand Nine Hundred Ninety Nine Only',
  'For Shree Ganesh Mobile',
  'Authorised Signatory',
];

export const IMEI_LABEL: string[] = [
  'Model: Redmi Note 12 Pro',
  'Colour: Onyx Black',
  '8GB RAM | 256GB ROM',
  `IMEI1: ${IMEI_1}`,
  `IMEI2: ${IMEI_2}`,
  'M.R.P. ₹ 24,999.00 (Incl. of all taxes)',
  'Made in India',
];

export const DELIVERY_ORDER: string[] = [
  'Sunrise Finance Ltd',
  'DELIVERY ORDER',
  'DO No: DO/2024/7781        Date: 14/03/2024',
  'To,',
  'Dealer Name: Shree Ganesh Mobile',
  'Dealer Address: Shop No 12, Main Bazaar, Shivaji Nagar,',
  'Pune, Maharashtra - 411005',
  'Please deliver the following product to our customer.',
  'Customer Name: Amit Verma',
  'Mobile No: 098765 43210',
  'Model: Samsung Galaxy M34 5G',
  'Loan Amount: Rs. 14,400/-',
  'Authorised Signatory',
];

export const GST_CERT: string[] = [
  'Government of India',
  'Form GST REG-06',
  '[See Rule 10(1)]',
  'Registration Certificate',
  `Registration Number: ${DEALER_GSTIN}`,
  '1. Legal Name: SHREE GANESH MOBILE PRIVATE LIMITED',
  '2. Trade Name, if any: SHREE GANESH MOBILE',
  '3. Constitution of Business: Private Limited Company',
  '4. Address of Principal Place of Business: Shop No 12, Main Bazaar,',
  'Shivaji Nagar, Pune, Maharashtra, 411005',
  '5. Date of Liability: 01/07/2017',
  '6. Type of Registration: Regular',
];

export const BANK_STATEMENT: string[] = [
  'HDFC BANK',
  'Statement of Account',
  'Account Name: MR. ROHAN MEHTA',
  'Account Number: 50100234567891',
  'IFSC Code: HDFC0001234',
  'Branch: Koramangala, Bengaluru',
  'Statement Period: 01/01/2024 to 31/03/2024',
  'Date  Narration  Chq/Ref No  Withdrawal  Deposit  Closing Balance',
  'Opening Balance 45,210.00',
];

export const EBILL: string[] = [
  'Maharashtra State Electricity Distribution Co. Ltd.',
  'ELECTRICITY BILL',
  'Consumer No: 170012345678',
  'Consumer Name: DEEPAK JOSHI',
  'Address: Flat 3, Lake View Road,',
  'Kothrud, Pune - 411038',
  'Bill Date: 05/03/2024',
  'Due Date: 20/03/2024',
  'Units Consumed: 245',
  'Net Amount Payable: Rs. 1,845.00',
];

export const FSSAI: string[] = [
  'Food Safety and Standards Authority of India',
  'Government of India',
  'License under Food Safety & Standards Act, 2006',
  'License Number: 11521999000123',
  'Name and Address of Food Business Operator: Sai Sweets and Snacks',
  'Address of Premises: 22, Station Road, Sector 15,',
  'Jaipur, Rajasthan - 302015',
  'Kind of Business: Retail',
  'Valid Upto: 31/05/2027',
];

export const SHOP_ACT: string[] = [
  'Government of Maharashtra',
  "FORM 'F'",
  'Maharashtra Shops and Establishments (Regulation of Employment and Conditions of Service) Act, 2017',
  'Intimation Receipt',
  'Registration No: 2231000318745012',
  'Name of the Establishment: Royal Telecom',
  'Postal Address of Establishment: 7, Ring Road, Andheri East,',
  'Mumbai - 400069',
  'Valid Upto: 31/12/2028',
];

export const PURCHASE_ORDER: string[] = [
  'Metro Enterprises Pvt Ltd',
  'PURCHASE ORDER',
  'PO No: PO-2024-0098',
  'PO Date: 02 Feb 2024',
  'Vendor: M/s Star Electronics',
  'Ship To: Warehouse 4, Salt Lake, Kolkata - 700091',
  'Item  Qty  Rate  Amount',
  'LED TV 43 inch  10  24,500.00  2,45,000.00',
  'Total Amount: ₹ 2,45,000.00',
  'Terms and Conditions apply',
];

export const UDYAM: string[] = [
  'Government of India',
  'Ministry of Micro, Small and Medium Enterprises',
  'UDYAM REGISTRATION CERTIFICATE',
  'UDYAM REGISTRATION NUMBER: UDYAM-MH-26-0012345',
  'NAME OF ENTERPRISE: M/S BALAJI TRADERS',
  'TYPE OF ENTERPRISE: MICRO (2023-24)',
  'MAJOR ACTIVITY: TRADING',
  'OFFICIAL ADDRESS OF ENTERPRISE: Shop 4, Gandhi Nagar,',
  'Nagpur, Maharashtra - 440012',
  'DATE OF UDYAM REGISTRATION: 15/06/2021',
];

export const OPEN_BOX: string[] = ['SAMSUNG', 'Galaxy'];
