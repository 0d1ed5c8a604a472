/**
 * Certificates and identity documents on layouts of the sixth dev set (test/fixtures/documents/dev6:
 * written apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('FSSAI: a company outlet licence (Form C) and a home kitchen registration', () => {
  const outlet = (numberRow: string) =>
    pageFromRows([
      [0.05, [0.19, 'Food Safety and Standards Authority of India']],
      [0.14, [0.17, 'CENTRAL LICENCE UNDER FOOD SAFETY AND STANDARDS ACT, 2006']],
      [0.17, [0.08, numberRow]],
      [0.2, [0.08, 'Application No. : 17309798177'], [0.76, 'Issued on : 07/12/2025']],
      [0.23, [0.08, '1. Name and Registered Office Address of the Licensee']],
      [0.25, [0.11, 'M/s. Ganga Foods Restaurants Private Limited']],
      [0.27, [0.11, 'Shop No. 65, Green Park Society, Canal Road, Tambaram']],
      [0.29, [0.11, 'Mumbai, Maharashtra - 400148']],
      [0.32, [0.08, '2. Address of the premises for which licence is issued']],
      [0.34, [0.11, 'Unit S-18, Ground Floor, Nexus Square, Shanti Niwas']],
      [0.36, [0.11, 'Canal Road, Velachery, Kolkata, West Bengal - 700556']],
      [0.38, [0.08, '3. Kind of Business']],
      [0.4, [0.11, 'Food Service - Cafe / Bakery outlet']],
      [0.51, [0.08, '5. This licence is granted under and is subject to the provisions of the Food Safety and Standards Act,']],
      [0.53, [0.08, '2006 and the regulations made thereunder, and shall be in force for 5 year(s) from the date of issue,']],
      [0.55, [0.08, 'i.e. up to 14th March, 2030. An application for renewal shall be made before 12/02/2030.']],
      [0.75, [0.8, 'Date: 07/12/2025']],
    ]);

  it('reads the number printed one digit per box, the box edges read as bars and brackets and a squeezed 0 as "e" (a repair, scored lower)', () => {
    const d = extractFields('FSSAI_CERTIFICATE', outlet('Licence No. |1]e]e|1]1]8]e[8]1]8]|0]7]5]4]')).data;
    expect(d.license_number.value).toBe('10011808180754');
    expect(d.license_number.confidence_score).toBeLessThan(0.8);
  });

  it('does not read boxes whose cells hold two glyphs or slashes (a digit or an edge?)', () => {
    const d = extractFields('FSSAI_CERTIFICATE', outlet('Licence No. |1/9/0|1/1/8/0/8|1/8/0|7|5 4')).data;
    expect(d.license_number.value).toBe('');
  });

  it('takes the company under the numbered "Name and Registered Office Address of the Licensee" particular, without M/s', () => {
    const d = extractFields('FSSAI_CERTIFICATE', outlet('Licence No. 10011808180754')).data;
    expect(d.business_name.value).toBe('Ganga Foods Restaurants Private Limited');
  });

  it('takes the premises "for which licence is issued", without the key\'s tail, never the registered office', () => {
    const d = extractFields('FSSAI_CERTIFICATE', outlet('Licence No. 10011808180754')).data;
    expect(d.address.value).toBe('Unit S-18, Ground Floor, Nexus Square, Shanti Niwas, Canal Road, Velachery, Kolkata, West Bengal - 700556');
  });

  it('reads the validity from "shall be in force … i.e. up to <date>", not the renewal-by or issue date', () => {
    const d = extractFields('FSSAI_CERTIFICATE', outlet('Licence No. 10011808180754')).data;
    expect(d.valid_upto.value).toBe('14/03/2030');
  });

  it('on a home kitchen registration the establishment is the business, the food business operator a person', () => {
    const m = pageFromRows([
      [0.07, [0.27, 'Food Safety and Standards Authority of India']],
      [0.14, [0.3, 'FOOD REGISTRATION CERTIFICATE']],
      [0.19, [0.24, 'Panjikaran Sankhya']],
      [0.2, [0.24, 'Registration No.'], [0.54, '23332553569154']],
      [0.25, [0.08, 'Khadya Vyavsay Sanchalak ka Naam']],
      [0.267, [0.08, 'Name of Food Business Operator']],
      [0.282, [0.09, 'Smt. Kavita Hussain']],
      [0.31, [0.08, 'Vyavsay ka Naam']],
      [0.32, [0.08, 'Name of the Establishment']],
      [0.335, [0.09, 'Kavita Home Kitchen']],
      [0.417, [0.08, 'Parisar ka Pata']],
      [0.427, [0.08, 'Address of Kitchen Premises']],
      [0.442, [0.09, 'H.No. 468, Tilak Road, Near Bus Stand']],
      [0.458, [0.09, 'Hadapsar, Kolkata 700333, West Bengal']],
      [0.626, [0.08, 'Vaidhta']],
      [0.636, [0.08, 'Valid Upto']],
      [0.651, [0.09, '04-08-2023']],
    ]);
    const d = extractFields('FSSAI_CERTIFICATE', m).data;
    expect(d.business_name.value).toBe('Kavita Home Kitchen');
    expect(d.address.value).toBe('H.No. 468, Tilak Road, Near Bus Stand, Hadapsar, Kolkata 700333, West Bengal');
  });
});
