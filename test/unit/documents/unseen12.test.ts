/**
 * Certificates and identity documents on layouts of the twelfth dev set (test/fixtures/documents/dev12:
 * written apart from the extractor, types not obvious): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
import { repairStateNames } from '#core/documents/fields/common.ts';
import { isLabelText } from '#core/documents/fields/certificate.ts';
import { misreadTrace, plausible } from '#core/documents/plausibility.ts';
import { pageFromRows } from './rows.ts';

describe('FSSAI: a delivery partner app\'s compliance screen', () => {
  const screen = (nameCaption: string, addressCaption: string) =>
    pageFromRows([
      [0.05, [0.06, 'Compliance documents']],
      [0.25, [0.06, 'FSSAI details']],
      [0.29, [0.06, 'FSSAI licence / registration number']],
      [0.31, [0.06, '21021297862138']],
      [0.4, [0.06, nameCaption]],
      [0.42, [0.06, 'Lakshmi Tiffin Centre']],
      [0.45, [0.06, addressCaption]],
      [0.47, [0.06, 'Plot No. 12, Sakchi, Jamshedpur, Jharkhand - 831001']],
      [0.5, [0.06, 'Expiry date']],
      [0.52, [0.06, '27-FEB-2026']],
      [0.72, [0.06, 'GSTIN']],
      [0.74, [0.06, '20AAAPL1234C1ZV']],
      [0.76, [0.06, 'Legal name: LAKSHMI PRASAD']],
    ]);

  it('"Name as per FSSAI" is the business the licence names', () => {
    expect(extractFields('FSSAI_CERTIFICATE', screen('Name as per FSSAI', 'Premises address')).data.business_name.value).toBe('Lakshmi Tiffin Centre');
    expect(extractFields('FSSAI_CERTIFICATE', screen('Business name on licence', 'Premises address')).data.business_name.value).toBe('Lakshmi Tiffin Centre');
  });

  it('a qualifier after the premises caption ("on licence", "as per FSSAI") is caption, not address', () => {
    const want = 'Plot No. 12, Sakchi, Jamshedpur, Jharkhand - 831001';
    expect(extractFields('FSSAI_CERTIFICATE', screen('Name as per FSSAI', 'Premises address on licence')).data.address.value).toBe(want);
    expect(extractFields('FSSAI_CERTIFICATE', screen('Name as per FSSAI', 'Address as per FSSAI')).data.address.value).toBe(want);
  });
});

describe('state names: an address names one state', () => {
  it('a place one letter from another state ("Manpur") is kept when the address prints its own state', () => {
    expect(repairStateNames('Mohalla Khazanchi Road, Manpur, Gaya, Bihar - 823228').repairs).toBe(0);
    // (a misread state is still put back)
    expect(repairStateNames('Station Road, Manpur, Indore, Madhya Pradesh - 453661').repairs).toBe(0);
    expect(repairStateNames('MG Road, Pune, Maharastra - 411001').value).toBe('MG Road, Pune, Maharashtra - 411001');
  });
});

describe('SHOP_ACT: municipal trade licences', () => {
  it('West Bengal\'s "Certificate of Enlistment No." is the registration number', () => {
    const page = pageFromRows([
      [0.1, [0.25, 'CERTIFICATE OF ENLISTMENT']],
      [0.24, [0.08, 'Certificate of Enlistment No.'], [0.42, '164746673']],
      [0.27, [0.08, 'Name of the Business / Trade'], [0.42, 'Chhota Nagpur Footwear']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.registration_number.value).toBe('164746673');
  });

  it('the "Address of Trade Premises" / "of the place of business", never the licensee\'s residence above it', () => {
    const licence = (caption: string) =>
      pageFromRows([
        [0.11, [0.4, 'TRADE LICENCE']],
        [0.18, [0.07, 'Trade Licence No.'], [0.4, 'Application No.'], [0.7, 'Ward No. / Holding No.']],
        [0.195, [0.07, 'BIL/TL/2022/019091'], [0.4, 'APP/2022/115179'], [0.7, '42/394']],
        [0.22, [0.07, 'Name of the Establishment']],
        [0.235, [0.07, 'Neelanchal Bakers']],
        [0.3, [0.07, "Licensee's Residential Address"]],
        [0.315, [0.07, 'Shop No. 23, Annapurna Bhawan, Station Road, Bilaspur, Chhattisgarh - 495853']],
        [0.34, [0.07, caption]],
        [0.355, [0.07, 'Shop No. 28, First Floor, Market Lane, Sarkanda, Bilaspur, Chhattisgarh - 495098']],
        [0.38, [0.07, 'Nature of Trade']],
        [0.395, [0.07, 'Bakery']],
      ]);
    const want = 'Shop No. 28, First Floor, Market Lane, Sarkanda, Bilaspur, Chhattisgarh - 495098';
    expect(extractFields('SHOP_ACT_LICENSE', licence('Address of Trade Premises')).data.address.value).toBe(want);
    expect(extractFields('SHOP_ACT_LICENSE', licence('Address of the place of business')).data.address.value).toBe(want);
    // "Trade Licence No." over its own cell, not the application's and ward's beside it
    expect(extractFields('SHOP_ACT_LICENSE', licence('Address of Trade Premises')).data.registration_number.value).toBe('BIL/TL/2022/019091');
  });
});

describe('UDYAM: an address grid stacked in bands beside a wrapped heading', () => {
  it('every band\'s values in order, the mobile left out', () => {
    const page = pageFromRows([
      [0.09, [0.05, 'UDYAM REGISTRATION NUMBER'], [0.32, 'UDYAM-GA-17-5684745']],
      [0.13, [0.05, 'NAME OF ENTERPRISE'], [0.32, 'KONKAN PLASTICS']],
      [0.45, [0.05, 'OFFICIAL ADDRESS OF'], [0.3, 'Flat/Door/Block No.'], [0.54, 'Premises/Building'], [0.77, 'Village/Town']],
      [0.47, [0.05, 'ENTERPRISE'], [0.3, 'SHOP NO. 30'], [0.54, 'GUPTA MARKET'], [0.77, 'ALTINHO']],
      [0.5, [0.3, 'Road/Street/Lane'], [0.54, 'City'], [0.77, 'District']],
      [0.537, [0.3, 'HOSPITAL ROAD'], [0.54, 'PANAJI'], [0.77, 'NORTH GOA']],
      [0.568, [0.3, 'State'], [0.54, 'Pin'], [0.77, 'Mobile']],
      [0.596, [0.3, 'GOA'], [0.54, '403645'], [0.77, '7821430261']],
      [0.63, [0.05, 'DATE OF UDYAM REGISTRATION'], [0.32, '25/08/2021']],
    ]);
    expect(extractFields('UDYAM_CERT', page).data.address.value).toBe('SHOP NO. 30, GUPTA MARKET, ALTINHO, HOSPITAL ROAD, PANAJI, NORTH GOA, GOA, 403645');
  });

  it('a city and a district of one name are both printed parts ("JAMMU | JAMMU")', () => {
    const page = pageFromRows([
      [0.09, [0.05, 'UDYAM REGISTRATION NUMBER'], [0.32, 'UDYAM-JK-02-0012345']],
      [0.45, [0.05, 'OFFICIAL ADDRESS OF'], [0.3, 'Flat/Door/Block No.'], [0.54, 'Premises/Building'], [0.77, 'Village/Town']],
      [0.47, [0.05, 'ENTERPRISE'], [0.3, 'HOUSE NO. 90'], [0.54, 'LAXMI COMPLEX'], [0.77, 'TRIKUTA NAGAR']],
      [0.5, [0.3, 'Road/Street/Lane'], [0.54, 'City'], [0.77, 'District']],
      [0.537, [0.3, 'STATION ROAD'], [0.54, 'JAMMU'], [0.77, 'JAMMU']],
      [0.568, [0.3, 'State'], [0.54, 'Pin'], [0.77, 'Mobile']],
      [0.596, [0.3, 'JAMMU AND KASHMIR'], [0.54, '180511'], [0.77, '7821430261']],
    ]);
    expect(extractFields('UDYAM_CERT', page).data.address.value).toBe('HOUSE NO. 90, LAXMI COMPLEX, TRIKUTA NAGAR, STATION ROAD, JAMMU, JAMMU, JAMMU AND KASHMIR, 180511');
  });
});

describe('bilingual captions printed in Latin letters', () => {
  it('a Hindi caption ("Udyam ka prakar", "Udyam panjikaran ki tithi") is a label, never a value', () => {
    expect(isLabelText('Udyam ka prakar')).toBe(true);
    expect(isLabelText('Udyam panjikaran ki tithi')).toBe(true);
    expect(isLabelText('Janm ki Tarikh')).toBe(true);
    expect(isLabelText('Teesta Offset Printers')).toBe(false);
  });
});

describe('AADHAAR: a card held up in a video-KYC call', () => {
  const call = (started: string) =>
    pageFromRows([
      [0.1, [0.02, 'Customer']],
      [0.12, [0.02, 'Meena Kujur']],
      [0.38, [0.29, 'Government of India']],
      [0.46, [0.37, 'Meena Kujur']],
      // the agent's chat beside the card's date line makes the line read as a sentence
      [0.5, [0.37, 'Date of Birth: 26/01/2003'], [0.83, 'Agent: keep the card steady for three seconds please']],
      [0.53, [0.37, 'MALE']],
      [0.57, [0.02, 'Location']],
      [0.59, [0.02, 'Dehradun, Uttarakhand']],
      [0.71, [0.02, started]],
    ]);

  it('the name over the date-of-birth cell, though a chat beside it made the line prose', () => {
    expect(extractFields('AADHAAR', call('07/06/2025 17:49 IST')).data.name.value).toBe('Meena Kujur');
  });

  it('a call\'s timestamp is never read as the date of birth when the card\'s own date is unread', () => {
    const page = pageFromRows([
      [0.38, [0.29, 'Government of India']],
      [0.46, [0.37, 'Meena Kujur']],
      [0.53, [0.37, 'MALE']],
      [0.71, [0.02, 'Started']],
      [0.73, [0.02, '07/06/2025 17:49 IST']],
    ]);
    expect(extractFields('AADHAAR', page).data.date_of_birth?.value ?? '').toBe('');
  });
});

describe('PAN: a photocopy with a signature and stamp across it', () => {
  const card = (fatherCaption: string, holder: [number, ...[number, string][]][]) =>
    pageFromRows([
      [0.19, [0.14, 'INCOME TAX DEPARTMENT'], [0.66, 'GOVT. OF INDIA']],
      [0.245, [0.34, 'Permanent Account Number Card']],
      [0.263, [0.34, 'ABCPK1234F']],
      [0.306, [0.34, 'Naam / Name']],
      ...holder,
      [0.351, [0.34, fatherCaption]],
      [0.375, [0.34, 'RAMESH KUMAR']],
      [0.415, [0.34, 'Janm ki Tarikh / Date of Birth']],
      [0.43, [0.34, '12/12/1965']],
    ]);

  it('the bilingual father\'s caption read garbled ("Pita KNEE Def Name") is still the father\'s, not the holder\'s', () => {
    const d = extractFields('PAN', card('Pita KNEE Def Name', [])).data;
    expect(d.father_name.value).toBe('RAMESH KUMAR');
    // the holder's own line went unread: the father's name is not taken for it with confidence
    expect(d.name_as_per_pan?.confidence_score ?? 0).toBeLessThanOrEqual(0.5);
  });

  it('a line beginning with "Pita" is the father\'s caption even with all its English lost ("Pita Eye AR Es")', () => {
    expect(extractFields('PAN', card('Pita Eye AR Es', [])).data.father_name.value).toBe('RAMESH KUMAR');
  });

  it('"Janm ki Tarikh" is the date-of-birth caption: with its date unread, a labelled date elsewhere is kept low', () => {
    const page = pageFromRows([
      [0.19, [0.14, 'INCOME TAX DEPARTMENT'], [0.66, 'GOVT. OF INDIA']],
      [0.225, [0.34, 'ABCPK1234F']],
      [0.268, [0.34, 'Naam / Name']],
      [0.282, [0.34, 'SUNITA KUMARI']],
      [0.376, [0.34, 'Janm ki Tarikh / 56 DOI Attested']],
      [0.473, [0.72, 'Status checked on 26.05.2025']],
    ]);
    expect(extractFields('PAN', page).data.dob.confidence_score).toBeLessThanOrEqual(0.3);
  });

  it('a name in capitals with one small letter inside a word ("DURGA MAJjU") bears a misread trace', () => {
    expect(misreadTrace('name_as_per_pan', 'DURGA MAJjU')).toBe(true);
    expect(misreadTrace('name_as_per_pan', 'DURGA MAJUMDAR')).toBe(false);
    expect(misreadTrace('name_as_per_pan', 'Durga Majumdar')).toBe(false);
  });

  it('a PAN read as two cells of one row is joined', () => {
    const page = pageFromRows([
      [0.19, [0.14, 'INCOME TAX DEPARTMENT'], [0.66, 'GOVT. OF INDIA']],
      [0.245, [0.34, 'Permanent Account Number Card']],
      [0.263, [0.34, 'ABCPK12'], [0.45, '34F']],
      [0.306, [0.34, 'Name']],
      [0.325, [0.34, 'SUNITA KUMARI']],
    ]);
    expect(extractFields('PAN', page).data.pan_number.value).toBe('ABCPK1234F');
  });

  it('a name OCR broke off mid-row (the rest a line of its own beside it) is kept for review', () => {
    const d = extractFields('PAN', card("Pita ka Naam / Father's Name", [[0.325, [0.34, 'SUNITA']], [0.325, [0.43, 'KUMARI']]])).data;
    expect(d.name_as_per_pan.value).toBe('SUNITA');
    expect(d.name_as_per_pan.confidence_score).toBeLessThanOrEqual(0.5);
  });
});

describe('address plausibility: an address with lines lost', () => {
  it('a state and PIN alone are no address (its other lines went unread)', () => {
    expect(plausible('address', 'West Bengal - 734419')).toBe('fail');
    expect(plausible('address', '17/7, Bypass Road, Siliguri, West Bengal - 734419')).toBe('pass');
  });

  it('an address opening in lower case was cut at its start ("val Arcade" from "Royal Arcade")', () => {
    expect(misreadTrace('address', 'val Arcade, Court Road, Vyapar Vihar, Bilaspur - 495557')).toBe(true);
    expect(misreadTrace('address', 'near Bus Stand, Court Road, Bilaspur - 495557')).toBe(false);
    expect(misreadTrace('address', 'Royal Arcade, Court Road, Bilaspur - 495557')).toBe(false);
  });
});

describe('FSSAI: a state licence filled over its captions', () => {
  const licence = (validity: string) =>
    pageFromRows([
      [0.05, [0.14, 'Food Safety and Standards Authority of India']],
      [0.13, [0.07, 'License under Food Safety & Standards Act, 2006']],
      [0.165, [0.07, '12224309904280']],
      [0.194, [0.07, 'License Number']],
      [0.229, [0.07, 'Doon Valley Tiffin Centre']],
      [0.247, [0.07, 'Name & Style of Business']],
      [0.266, [0.07, 'Yamini Prabhu'], [0.52, 'Manufacturer']],
      [0.284, [0.07, 'Name of Proprietor / Partner'], [0.52, 'Kind of Business']],
      [0.304, [0.07, 'Shop No. 54, Bazar Road, Shankar Nagar, Raipur, Chhattisgarh - 492559']],
      [0.322, [0.07, 'Premises Address (Licensed)']],
      [0.341, [0.07, 'Plot No. 13, College Road, Bilaspur, Chhattisgarh - 495098']],
      [0.359, [0.07, 'Registered / Correspondence Address']],
      [0.378, [0.07, '08 Dec 2024'], [0.52, validity]],
      [0.396, [0.07, 'Date of Issue'], [0.52, 'Validity Upto']],
      [0.421, [0.07, 'Food Category / Products']],
    ]);

  it('each value is the cell above its caption, the cell below being the next field\'s', () => {
    const d = extractFields('FSSAI_CERTIFICATE', licence('07 Dec 2028')).data;
    expect(d.business_name.value).toBe('Doon Valley Tiffin Centre');
    expect(d.address.value).toBe('Shop No. 54, Bazar Road, Shankar Nagar, Raipur, Chhattisgarh - 492559');
  });
});

describe('GST: a REG-06 scanned askew, the captions\' starts cut off by the page edge', () => {
  const scan = (validity: string) =>
    pageFromRows([
      [0.05, [0.28, 'Form GST REG-06']],
      [0.09, [0.22, 'Registration Certificate']],
      [0.128, [0.0, 'ation Number : 22GWLPT4672R2ZE']],
      [0.174, [0.0, 'jal Name'], [0.32, 'SANTOSH TIRKEY']],
      [0.202, [0.0, 'de Name, if any'], [0.32, 'Devbhoomi Book Depot']],
      [0.23, [0.0, 'stitution of Business'], [0.32, 'Proprietorship']],
      [0.33, [0.0, 'iod of Validity'], [0.32, validity]],
      [0.374, [0.0, 'e of Registration'], [0.32, 'Regular']],
    ]);

  it('a cut caption is its REG-06 caption when its whole words end that caption and its cut word ends the word before', () => {
    const d = extractFields('GST_CERT', scan('From 13.07.2017')).data;
    expect(d.legal_name.value).toBe('SANTOSH TIRKEY');
    expect(d.trade_name.value).toBe('Devbhoomi Book Depot');
    expect(d.date_of_registration.value).toBe('13/07/2017');
  });

  it('a caption cut between its words ("Name, if any", "of Liability") is its caption\'s last words', () => {
    const page = pageFromRows([
      [0.05, [0.28, 'Form GST REG-06']],
      [0.132, [0.002, 'on Number: 37UWKFD2423T3Z1']],
      [0.174, [0.005, 'Name'], [0.3, 'DOON VALLEY MARKETING']],
      [0.202, [0.006, 'Name, if any'], [0.3, 'Doon Valley Traders']],
      [0.302, [0.0, 'of Liability'], [0.3, '18-06-2022']],
    ]);
    const d = extractFields('GST_CERT', page).data;
    expect(d.legal_name.value).toBe('DOON VALLEY MARKETING');
    expect(d.trade_name.value).toBe('Doon Valley Traders');
    expect(d.date_of_registration.value).toBe('18/06/2022');
  });

  it('a validity date with a stamp\'s strokes after it is not read', () => {
    expect(extractFields('GST_CERT', scan('From 13.07.01" —\\ ~ ~~')).data.date_of_registration?.value ?? '').toBe('');
  });
});

describe('business name plausibility', () => {
  it('a reference number with its digits taken out ("APP/ /") is no business name', () => {
    expect(plausible('establishment_name', 'APP/ /')).toBe('fail');
    expect(plausible('establishment_name', 'M/s Chinar Dairy Products')).toBe('pass');
  });
});

describe('classification: a municipal trade licence listing the shop\'s FSSAI number', () => {
  it('its Hindi title ("Vyapar Anugyapti") and trade captions outweigh the FSSAI column, its English title cut', () => {
    const page = pageFromRows([
      [0.043, [0.41, 'Nagar Nigam, Dhanbad']],
      [0.113, [0.41, 'RADE LICENCE']],
      [0.143, [0.43, '(Vyapar Anugyapti)']],
      [0.178, [0.07, 'License Number'], [0.4, 'Ward No. / Holding No.']],
      [0.192, [0.07, 'DHAMC/TRL/2844195'], [0.4, '68/371']],
      [0.217, [0.07, 'Trade Name']],
      [0.233, [0.07, 'Chhota Nagpur Sweets']],
      [0.296, [0.07, 'Address of Trade Premises']],
      [0.312, [0.07, 'Plot No. 161, Bank More, Dhanbad, Jharkhand - 826053']],
      [0.375, [0.07, 'Nature of Trade'], [0.4, 'FSSAI Lic. / Regn. No.']],
      [0.39, [0.07, 'Dairy and Milk Products'], [0.4, '12025727992965']],
    ]);
    expect(classify(page).type).toBe('SHOP_ACT_LICENSE');
  });
});

describe('GST: an annexure page alone', () => {
  const annexure = (gstin: string) =>
    pageFromRows([
      [0.045, [0.43, 'Annexure A']],
      [0.079, [0.09, 'GSTIN'], [0.35, gstin]],
      [0.107, [0.09, 'Legal Name'], [0.35, 'DEVBHOOMI ENGINEERING WORKS']],
      [0.135, [0.09, 'Trade Name, if any'], [0.35, 'DEVBHOOMI ENGINEERING WORKS']],
      [0.171, [0.08, 'Details of Additional Places of Business']],
      [0.218, [0.085, 'Sr. No.'], [0.2, 'Address']],
      [0.238, [0.086, '1'], [0.2, 'Shop No. 35, Bypass Road, Smriti Nagar, Bhilai, Chhattisgarh - 490365']],
    ]);

  it('is a GST certificate by its annexure heading (its GSTIN misread)', () => {
    expect(classify(annexure('22WVMFD9475A72Z)')).type).toBe('GST_CERT');
  });

  it('a GSTIN read a character long with its check J as ")" ("…A72Z)") is the removal needing the fewest repairs', () => {
    expect(extractFields('GST_CERT', annexure('22WVMFD9475A72Z)')).data.gstin.value).toBe('22WVMFD9475A7ZJ');
  });
});
