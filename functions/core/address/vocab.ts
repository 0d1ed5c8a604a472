/**
 * Vocabularies for Indian addresses: spelling/abbreviation canon, keyword kinds, states and
 * city aliases. All keys are lower-case tokens as produced by the tokenizer.
 */

/** One token -> its canonical spelling (abbreviations and transliteration variants). */
export const WORD_CANON: ReadonlyMap<string, string> = new Map(
  Object.entries({
    // roads and streets
    rd: 'road', roads: 'road', raod: 'road', st: 'street', str: 'street', strt: 'street', streets: 'street',
    ln: 'lane', marga: 'marg', maarg: 'marg', crs: 'cross', cr: 'cross', mn: 'main',
    ave: 'avenue', av: 'avenue', hwy: 'highway', nh: 'highway', galli: 'gali', gully: 'gali', gulli: 'gali',
    salai: 'salai', rasta: 'road', sadak: 'road', path: 'path', pth: 'path',
    // localities
    ngr: 'nagar', nager: 'nagar', nagr: 'nagar', nagara: 'nagar', clny: 'colony', col: 'colony',
    colani: 'colony', coloni: 'colony', coloney: 'colony', colny: 'colony', cly: 'colony', mohala: 'mohalla',
    mohallah: 'mohalla', mohlla: 'mohalla', mhl: 'mohalla', mohall: 'mohalla', sec: 'sector', sect: 'sector', sctr: 'sector',
    ph: 'phase', phs: 'phase', stg: 'stage', blk: 'block', bk: 'block', blck: 'block', lyt: 'layout',
    layot: 'layout', extn: 'extension', ext: 'extension', exten: 'extension', encl: 'enclave', enclv: 'enclave',
    vihaar: 'vihar', pkt: 'pocket', mkt: 'market', mkts: 'market', bazar: 'bazaar',
    bzr: 'bazaar', bajar: 'bazaar', chawk: 'chowk', chauk: 'chowk', chok: 'chowk', chouk: 'chowk',
    gram: 'village', vill: 'village', vil: 'village', vlg: 'village', vpo: 'village',
    // buildings
    apt: 'apartment', apts: 'apartment', appt: 'apartment', apartments: 'apartment', appartment: 'apartment',
    appartments: 'apartment', aptmt: 'apartment', bldg: 'building', bldng: 'building', bld: 'building',
    twr: 'tower', towers: 'tower', soc: 'society', scty: 'society', cmplx: 'complex', complx: 'complex',
    resi: 'residency', res: 'residency', hts: 'heights', bhawan: 'bhavan', bhuvan: 'bhavan', niwas: 'nivas',
    niwaas: 'nivas', nivaas: 'nivas', sadan: 'sadan', villas: 'villa', chs: 'society', hsg: 'housing',
    qtr: 'quarter', qtrs: 'quarter', quarters: 'quarter', plt: 'plot', hse: 'house',
    // units / floors
    flr: 'floor', fl: 'floor', floors: 'floor', num: 'no', number: 'no', nos: 'no', nbr: 'no',
    // landmarks
    nr: 'near', nearby: 'near', opp: 'opposite', opps: 'opposite', oppo: 'opposite', opposit: 'opposite',
    bh: 'behind', bhnd: 'behind', behnd: 'behind', besides: 'beside', adj: 'adjacent',
    // admin
    dist: 'district', distt: 'district', dst: 'district', dt: 'district', tal: 'taluk', taluka: 'taluk',
    tq: 'taluk', tehsil: 'taluk', tahsil: 'taluk', teh: 'taluk', thesil: 'taluk',
  }),
);

/** Ordinal and number words -> digits. */
export const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    first: '1', second: '2', third: '3', fourth: '4', fifth: '5', sixth: '6', seventh: '7', eighth: '8',
    ninth: '9', tenth: '10', eleventh: '11', twelfth: '12', thirteenth: '13', fourteenth: '14',
    fifteenth: '15', sixteenth: '16', seventeenth: '17', eighteenth: '18', nineteenth: '19', twentieth: '20',
    one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10',
    ground: '0', gf: '0',
  }),
);

/** Roman numerals, converted only next to a keyword that takes a number (phase ii, vi block). */
export const ROMAN: ReadonlyMap<string, string> = new Map(
  Object.entries({ i: '1', ii: '2', iii: '3', iv: '4', v: '5', vi: '6', vii: '7', viii: '8', ix: '9', x: '10', xi: '11', xii: '12' }),
);

export type Kind =
  | 'unitMarker' // house/flat/plot/door: the next id is the dwelling number
  | 'no' // "no" / "#": the next id is a number of the preceding keyword
  | 'floor'
  | 'building'
  | 'wing'
  | 'streetSuffix' // "mg road", "4 cross"
  | 'streetPrefix' // "gali 5", "street 3"
  | 'localitySuffix' // "sadh nagar", "palam colony"
  | 'localityPrefix' // "sector 15", "phase 2", "village rampur"
  | 'landmark'
  | 'district'
  | 'taluk'
  | 'postOffice'
  | 'plotMarker' // khasra / survey numbers: an identifier of land, not of the dwelling
  | 'noise';

const KIND_LIST: [Kind, string[]][] = [
  ['unitMarker', ['house', 'flat', 'plot', 'door', 'shop', 'room', 'unit', 'quarter', 'hno', 'fno', 'dno', 'pno']],
  ['no', ['no']],
  ['floor', ['floor']],
  ['building', ['apartment', 'building', 'tower', 'society', 'complex', 'residency', 'heights', 'bhavan', 'nivas',
    'sadan', 'villa', 'mansion', 'plaza', 'arcade', 'chambers', 'court', 'housing', 'residence', 'towers',
    'kunj', 'niketan', 'mahal', 'bungalow', 'chawl', 'nilayam', 'nilaya', 'illam', 'kutir', 'griha', 'manor']],
  ['wing', ['wing']],
  ['streetSuffix', ['road', 'marg', 'lane', 'cross', 'main', 'avenue', 'highway', 'salai', 'path']],
  ['streetPrefix', ['gali', 'street']],
  ['localitySuffix', ['nagar', 'colony', 'layout', 'vihar', 'enclave', 'puram', 'extension', 'park', 'garden',
    'gardens', 'bagh', 'ganj', 'peth', 'pet', 'palya', 'halli', 'puri', 'market', 'bazaar', 'chowk', 'basti',
    'wadi', 'pada', 'town', 'township', 'estate', 'area', 'camp', 'gaon', 'pura', 'abad', 'mandi']],
  ['localityPrefix', ['sector', 'block', 'phase', 'stage', 'pocket', 'part', 'village', 'mohalla', 'ward', 'khand']],
  ['landmark', ['near', 'opposite', 'behind', 'beside', 'adjacent', 'next', 'front']],
  ['district', ['district']],
  ['taluk', ['taluk', 'mandal']],
  ['postOffice', ['po', 'post', 'ps', 'via']],
  ['plotMarker', ['kh', 'khasra', 'survey', 'sy', 'khata', 'khatauni', 'gat', 'cts', 'mauja']],
  ['noise', ['na', 'nil', 'null', 'none', 'undefined', 'nan', 'xxx', 'xx', 'test', 'dummy', 'asdf', 'abc', 'india',
    'and', 'of', 'the', 'at', 'in', 'to', 'side', 'back', 'address', 'pin', 'pincode', 'code', 'postal']],
];

export const KIND: ReadonlyMap<string, Kind> = new Map(
  KIND_LIST.flatMap(([k, words]) => words.map((w) => [w, k] as [string, Kind])),
);

/** Generic address words: low information, so low weight in token-rarity scoring. */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  ...KIND.keys(),
  'new', 'old', 'east', 'west', 'north', 'south', 'upper', 'lower', 'main', 'city', 'opp', 'near', 'sri', 'shri',
  'shree', 'sree', 'saint', 'st', 'mg', 'nh', 'west', 'bus', 'stand', 'station', 'railway', 'temple', 'school',
  'hospital', 'mall', 'bank', 'masjid', 'mandir', 'church', 'post', 'office', 'petrol', 'pump', 'feet', 'ft',
]);

/**
 * States and union territories: alias (normalised tokens joined by a space) -> canonical key.
 * The canonical key is the GeoNames state name, lower-cased with "&" written "and".
 */
const STATE_ALIASES: Record<string, string[]> = {
  'andaman and nicobar islands': ['andaman and nicobar', 'andaman', 'an'],
  'andhra pradesh': ['ap', 'andhra'],
  'arunachal pradesh': ['arunachal'],
  assam: ['as'],
  bihar: ['br'],
  chandigarh: ['ch'],
  chattisgarh: ['chhattisgarh', 'chhatisgarh', 'chattisgarh', 'cg'],
  'dadra and nagar haveli and daman and diu': ['dadra and nagar haveli', 'daman and diu', 'daman', 'silvassa', 'dnh', 'dd'],
  delhi: ['new delhi', 'nct of delhi', 'dl', 'nct delhi'],
  goa: ['ga'],
  gujarat: ['gujrat', 'gj'],
  haryana: ['hr'],
  'himachal pradesh': ['himachal', 'hp'],
  'jammu and kashmir': ['jammu kashmir', 'j and k', 'jk', 'ladakh'],
  jharkhand: ['jh'],
  karnataka: ['karnatak', 'ka'],
  kerala: ['kl', 'keralam'],
  lakshadweep: ['ld'],
  'madhya pradesh': ['mp'],
  maharashtra: ['maharastra', 'maharashtra state', 'mh'],
  manipur: [],
  meghalaya: ['ml'],
  mizoram: ['mz'],
  nagaland: ['nl'],
  odisha: ['orissa', 'od', 'or'],
  pondicherry: ['puducherry', 'py'],
  punjab: ['pb'],
  rajasthan: ['rajsthan', 'rj'],
  sikkim: ['sk'],
  'tamil nadu': ['tamilnadu', 'tn'],
  telangana: ['telengana', 'telagana', 'ts', 'tg'],
  tripura: ['tr'],
  'uttar pradesh': ['up', 'uttarpradesh'],
  uttarakhand: ['uttaranchal', 'uk', 'uttrakhand'],
  'west bengal': ['wb', 'bengal', 'westbengal'],
};

export const STATES: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const [canon, aliases] of Object.entries(STATE_ALIASES)) {
    m.set(canon, canon);
    for (const a of aliases) m.set(a, canon);
  }
  return m;
})();

/** Two-letter state codes are only taken as a state at the very end of an address. */
export function isShortStateCode(alias: string): boolean {
  return alias.length <= 3 && !alias.includes(' ');
}

/** City spelling variants and old names -> one key (also applied to GeoNames district names). */
export const CITY_ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    bangalore: 'bengaluru', banglore: 'bengaluru', bengalooru: 'bengaluru', 'bangalore urban': 'bengaluru',
    'bengaluru urban': 'bengaluru', 'bangalore rural': 'bengaluru rural', blr: 'bengaluru',
    bombay: 'mumbai', 'navi mumbai': 'thane', 'mumbai suburban': 'mumbai', 'greater mumbai': 'mumbai',
    madras: 'chennai', calcutta: 'kolkata', gurgaon: 'gurugram', poona: 'pune', 'pune city': 'pune',
    trivandrum: 'thiruvananthapuram', mysore: 'mysuru', baroda: 'vadodara', vizag: 'visakhapatnam',
    vishakhapatnam: 'visakhapatnam', visakhapatanam: 'visakhapatnam', cochin: 'ernakulam', kochi: 'ernakulam',
    pondicherry: 'puducherry', benares: 'varanasi', banaras: 'varanasi', allahabad: 'prayagraj',
    'new delhi': 'delhi', 'south delhi': 'delhi', 'north delhi': 'delhi', 'east delhi': 'delhi',
    'west delhi': 'delhi', 'central delhi': 'delhi', 'south west delhi': 'delhi', 'north west delhi': 'delhi',
    'north east delhi': 'delhi', 'shahdara': 'delhi', 'south east delhi': 'delhi', 'delhi ncr': 'delhi',
    hyderabad: 'hyderabad', secunderabad: 'hyderabad', 'rangareddy': 'hyderabad', 'ranga reddy': 'hyderabad',
    'medchal malkajgiri': 'hyderabad', cyberabad: 'hyderabad', noida: 'gautam buddha nagar',
    'greater noida': 'gautam buddha nagar', 'gautam buddh nagar': 'gautam buddha nagar',
    ghaziabad: 'ghaziabad', 'kolkata north': 'kolkata', howrah: 'howrah', mangalore: 'dakshina kannada',
    mangaluru: 'dakshina kannada', belgaum: 'belagavi', hubli: 'dharwad', gulbarga: 'kalaburagi',
    calicut: 'kozhikode', trichy: 'tiruchirappalli', tiruchirapalli: 'tiruchirappalli', tanjore: 'thanjavur',
    'ahmadabad': 'ahmedabad', 'amdavad': 'ahmedabad', kanpur: 'kanpur nagar', 'kanpur city': 'kanpur nagar',
    // Large cities that are not district names in the reference data -> their district.
    bhubaneswar: 'khorda', vijayawada: 'krishna', guwahati: 'kamrup', kalyan: 'thane', 'pimpri chinchwad': 'pune',
    jamshedpur: 'east singhbhum', bhilai: 'durg', tirupati: 'chittoor', hubballi: 'dharwad', siliguri: 'darjiling',
    asansol: 'paschim bardhaman', durgapur: 'paschim bardhaman', berhampur: 'ganjam', shillong: 'east khasi hills',
    imphal: 'imphal west', agartala: 'west tripura', gangtok: 'east sikkim', panaji: 'north goa', margao: 'south goa',
    itanagar: 'papum pare', gandhinagar: 'gandhi nagar', karimnagar: 'karim nagar', kakinada: 'east godavari',
    rajahmundry: 'east godavari', eluru: 'west godavari', ongole: 'prakasam', kadapa: 'cuddapah',
    anantapur: 'ananthapur', thoothukudi: 'tuticorin', nagercoil: 'kanyakumari', davanagere: 'davangere', silchar: 'cachar',
  }),
);

export function cityKey(name: string): string {
  return CITY_ALIASES.get(name) ?? name;
}
