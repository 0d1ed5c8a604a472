/**
 * Word lists for Indian personal names. Data only: the scoring lives in names.ts.
 * Keys are lowercase ASCII tokens as produced by the name tokeniser.
 */

/** Titles dropped from the start of a name (repeatedly), never from the middle. */
export const HONORIFICS: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mst', 'master', 'mstr',
  'smt', 'shrimati', 'srimati', 'shreemati',
  'shri', 'sri', 'shree', 'sree', 'sh', 'thiru', 'tmt', 'selvi',
  'kumari', 'km', 'kum', 'sushri',
  'dr', 'doctor', 'prof', 'er', 'adv', 'advocate',
  'late', 'lt', 'capt', 'col', 'maj', 'sardar', 'janab', 'mohtarma',
]);

/** Relation markers: a name is cut at them ("Rajesh S/O Ram Lal" is Rajesh). */
export const RELATION_MARKER = /\b(?:[sdwch]\s*[/\\|]\s*[o0]|son\s+of|daughter\s+of|wife\s+of|husband\s+of|care\s+of)\b\.?:?/i;

/**
 * Known spellings of the same name part, mapped to one canonical spelling.
 * Only variants the phonetic key cannot reach by itself belong here
 * (abbreviations, Bengali/Sanskrit surname pairs, Arabic name spellings).
 */
const VARIANT_GROUPS: Record<string, readonly string[]> = {
  muhammad: ['mohammad', 'mohammed', 'mohamad', 'mohamed', 'muhammed', 'muhamad', 'mohd', 'md', 'mohmad', 'mahammad', 'mohammod', 'mohmmad', 'mohmed', 'mahmad'],
  ahmad: ['ahmed', 'ahamed', 'ahamad', 'ahmmed'],
  abdul: ['abdur', 'abdool', 'abdel', 'abd'],
  rahman: ['rehman', 'rahaman', 'rehaman', 'rahmaan'],
  hussain: ['husain', 'hussein', 'hossain', 'husein', 'hosain', 'hussan'],
  shaikh: ['sheikh', 'shaik', 'shekh', 'sheik'],
  syed: ['sayed', 'saiyed', 'sayyed', 'sayyad', 'saiyad', 'syyed', 'seyed', 'sayeed'],
  begum: ['begam', 'beegum'],
  khatun: ['khatoon', 'khaton'],
  lakshmi: ['laxmi', 'lakshmy', 'luxmi', 'laxmy', 'lakshami', 'lakhsmi', 'lachmi'],
  sri: ['shri', 'shree', 'sree', 'shiri', 'sreee'],
  kumar: ['kr', 'kumaar', 'kmr'],
  prasad: ['pd', 'prashad', 'prasaad', 'parsad', 'pershad'],
  chandra: ['chander', 'chandar', 'chandera'],
  narayan: ['narayana', 'narain', 'naraian', 'narayanan'],
  venkata: ['venkat', 'venkatta', 'vemkata'],
  chaudhary: ['choudhary', 'chowdhury', 'chaudhari', 'choudhari', 'chaudhry', 'choudhury', 'chowdhary', 'chowdary', 'chaudhuri', 'choudhry', 'chaudhury'],
  mukherjee: ['mukherji', 'mukerji', 'mukhopadhyay', 'mukhopadhyaya', 'mukharjee', 'mukerjee'],
  banerjee: ['banerji', 'bandyopadhyay', 'bandopadhyay', 'banarjee', 'bannerjee', 'bandyopadhyaya'],
  chatterjee: ['chatterji', 'chattopadhyay', 'chaterjee', 'chattopadhyaya'],
  ganguly: ['ganguli', 'gangopadhyay', 'gangopadhyaya'],
  bhattacharya: ['bhattacharjee', 'bhattacharyya', 'bhattacharje', 'bhatacharya', 'bhattacharji'],
  agarwal: ['aggarwal', 'agrawal', 'agarwala', 'aggrawal', 'agrwal'],
  srivastava: ['shrivastava', 'srivastav', 'shrivastav', 'shrivastva', 'srivastva'],
  upadhyay: ['upadhyaya', 'upadhaya', 'upadhya'],
  subramanian: ['subramaniam', 'subrahmanyam', 'subramanyam', 'subramaniyan', 'subramanium'],
  iyer: ['aiyer', 'ayyar', 'aiyar', 'iyyer'],
  iyengar: ['ayyangar', 'iyangar'],
  pillai: ['pillay', 'pilai'],
  nayak: ['naik', 'naick', 'nayek'],
  varghese: ['verghese', 'varghis', 'vargheese', 'varugheese'],
  fernandes: ['fernandez', 'fernandis'],
  dsouza: ['desouza', 'dsousa', 'desousa'],
  joseph: ['josef'],
  devi: ['debi'],
  singh: ['sing', 'sinh'],
  mishra: ['misra'],
  tripathi: ['tripati', 'tripathy'],
  mohanty: ['mohanti', 'mahanty', 'mahanti'],
  mahapatra: ['mohapatra', 'mahapatro', 'mohapatro'],
};

export const CANONICAL_VARIANT: ReadonlyMap<string, string> = new Map(
  Object.entries(VARIANT_GROUPS).flatMap(([canonical, variants]) => [
    [canonical, canonical] as const,
    ...variants.map((v) => [v, canonical] as const),
  ]),
);

/**
 * Name parts shared by very many people: they count for less when they match,
 * and dropping one (a compound first part like "Venkata", "Mohammed") is not
 * a sign that someone else's name was read.
 */
export const COMMON_PARTS: ReadonlySet<string> = new Set([
  'kumar', 'kumari', 'devi', 'singh', 'kaur', 'muhammad', 'bai', 'bhai', 'ben', 'behen', 'lal',
  'chand', 'prasad', 'sri', 'sai', 'venkata', 'syed', 'shaikh', 'begum', 'khatun', 'bibi',
  'nath', 'abdul', 'mir', 'kunwar', 'rani',
]);

/** Gujarati/Marathi respect suffixes written joined to a given name ("Rameshbhai"). */
export const JOINED_SUFFIXES: readonly string[] = ['bhai', 'ben', 'behen'];
