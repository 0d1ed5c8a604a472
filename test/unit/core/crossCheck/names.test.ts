import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NAME_MATCH_THRESHOLD, nameParts, nameSimilarity } from '#core/crossCheck/names.ts';

const same = (a: string, b: string) => expect(nameSimilarity(a, b), `${a} | ${b}`).toBeGreaterThanOrEqual(NAME_MATCH_THRESHOLD);
const different = (a: string, b: string) => expect(nameSimilarity(a, b), `${a} | ${b}`).toBeLessThan(NAME_MATCH_THRESHOLD);

describe('nameSimilarity: same person written differently', () => {
  it('scores identical names 100 and ignores case, punctuation and spacing', () => {
    expect(nameSimilarity('Rajesh Kumar Sharma', 'Rajesh Kumar Sharma')).toBe(100);
    expect(nameSimilarity('RAJESH  KUMAR, SHARMA.', 'rajesh kumar sharma')).toBe(100);
  });

  it('matches initials against full parts', () => {
    same('R. K. Sharma', 'Rajesh Kumar Sharma');
    same('R.K. Sharma', 'Rajesh Kumar Sharma');
    same('RK Sharma', 'Rajesh Kumar Sharma');
    same('Sharma R K', 'Rajesh Kumar Sharma');
    same('AL Chaudhary', 'Alok Lal Chaudhary');
    // Initials that agree score below the full spelling.
    expect(nameSimilarity('R. K. Sharma', 'Rajesh Kumar Sharma')).toBeLessThan(100);
  });

  it('matches reordered parts (family name first)', () => {
    same('Sharma Rajesh', 'Rajesh Sharma');
    same('Reddy, Venkata Ramana', 'Venkata Ramana Reddy');
  });

  it('drops honorifics and titles at the start', () => {
    for (const title of ['Mr', 'Mrs.', 'Ms', 'Smt.', 'Shri', 'Sri', 'Kumari', 'Km.', 'Dr.', 'Late']) {
      expect(nameSimilarity(`${title} Lakshmi Devi`, 'Lakshmi Devi'), title).toBe(100);
    }
  });

  it('cuts relation markers (S/O, D/O, W/O, C/O) and what follows', () => {
    expect(nameSimilarity('Rajesh Kumar S/O Ram Lal', 'Rajesh Kumar')).toBe(100);
    expect(nameSimilarity('Priya Sharma W/O Rajesh Sharma', 'Priya Sharma')).toBe(100);
    expect(nameSimilarity('Anita D/o Mohan Das', 'Anita')).toBe(100);
    expect(nameSimilarity('S/O Ram Lal', 'Ram Lal')).toBe(100);
    different('Rajesh Sharma', 'Priya Sharma W/O Rajesh Sharma');
  });

  it('tolerates a missing middle name', () => {
    same('Rajesh Kumar Sharma', 'Rajesh Sharma');
    same('Sachin Ramesh Tendulkar', 'Sachin Tendulkar');
    same('Mohammed Salim Khan', 'Salim Khan');
  });

  it('knows transliteration variants', () => {
    const pairs: [string, string][] = [
      ['Mohammad Irfan', 'Mohd. Irfan'], ['Md Irfan', 'Muhammed Irfan'], ['Laxmi Devi', 'Lakshmi Devi'],
      ['Sri Devi', 'Shree Devi'], ['Ramesh Chaudhary', 'Ramesh Chowdhury'], ['Rajesh Kr Sharma', 'Rajesh Kumar Sharma'],
      ['Jaswinder Singh', 'Jasvinder Singh'], ['Deepak Verma', 'Dipak Verma'], ['Pooja Gupta', 'Puja Gupta'],
      ['Sanjeev Mishra', 'Sanjiv Misra'], ['Santosh Pillai', 'Santhosh Pillay'], ['Subhash Das', 'Subhas Dash'],
      ['Phillip Jacob', 'Filip Jacob'], ['Surinder Singh', 'Surendra Singh'], ['Sourav Ganguly', 'Saurav Gangopadhyay'],
      ['Abdul Rahman', 'Abdur Rehman'], ['Murthy', 'Moorthy'], ['Dnyaneshwar Patil', 'Gyaneshwar Patil'],
      ['Rameshbhai Patel', 'Ramesh Patel'], ['Lakshmi Narayana Reddy', 'Lakshminarayana Reddy'], ['Raj Kumar Yadav', 'Rajkumar Yadav'],
    ];
    for (const [a, b] of pairs) same(a, b);
  });

  it('absorbs light OCR misreads', () => {
    same('Rajcsh Sharma', 'Rajesh Sharma'); // e read as c
    same('Poonam Sbarma', 'Poonam Sharma'); // h read as b
    same('Anusha Kurnar', 'Anusha Kumar'); // m read as rn
    same('SUN1L VERMA', 'Sunil Verma'); // I read as 1
  });
});

describe('nameSimilarity: hard negatives', () => {
  it('keeps the same family name with another given name low', () => {
    different('Rajesh Sharma', 'Suresh Sharma');
    different('Rajesh Kumar Sharma', 'Suresh Kumar Sharma');
    expect(nameSimilarity('Rajesh Sharma', 'Suresh Sharma')).toBeLessThan(40);
  });

  it('keeps the same given name with another family name low', () => {
    different('Rajesh Sharma', 'Rajesh Verma');
    different('Gurpreet Singh', 'Gurpreet Kaur');
  });

  it('keeps similar-sounding different names low', () => {
    for (const [a, b] of [['Rajesh', 'Ramesh'], ['Sunil', 'Sushil'], ['Amit', 'Sumit'], ['Imran', 'Irfan'], ['Gurpreet', 'Harpreet'], ['Anita', 'Sunita']]) {
      different(`${a} Sharma`, `${b} Sharma`);
    }
  });

  it('keeps male/female forms of a name apart', () => {
    different('Arun Sharma', 'Aruna Sharma');
    different('Ramesh Kumar', 'Ramesh Kumari');
  });

  it("does not accept the father's name for the customer's", () => {
    different('Sachin Ramesh Tendulkar', 'Ramesh Tendulkar');
    different('Rajesh Kumar Sharma', 'Ram Prakash Sharma');
    different('Ramesh Krishnan', 'Krishnan Subramanian');
  });

  it('scores an entirely different customer near 0', () => {
    expect(nameSimilarity('Rajesh Kumar Sharma', 'Fatima Begum Ansari')).toBe(0);
  });

  it('needs more than a single shared part', () => {
    different('Rajesh Sharma', 'Sharma');
    different('R K', 'Rajesh Kumar');
  });

  it('scores empty or unreadable names 0', () => {
    expect(nameSimilarity('', 'Rajesh')).toBe(0);
    expect(nameSimilarity('Rajesh', 'राजेश')).toBe(0);
    expect(nameSimilarity('Mr.', '123')).toBe(0);
  });
});

describe('nameSimilarity: properties', () => {
  it('is an integer in 0..100 and symmetric', () => {
    const namePart = fc.constantFrom('Rajesh', 'R.', 'Kumar', 'Sharma', 'Mohd', 'S/O', 'Smt', 'Laxmi', 'Devi', 'K', 'rk', '');
    const name = fc.array(namePart, { maxLength: 5 }).map((parts) => parts.join(' '));
    fc.assert(
      fc.property(name, name, (a, b) => {
        const s = nameSimilarity(a, b);
        return Number.isInteger(s) && s >= 0 && s <= 100 && s === nameSimilarity(b, a);
      }),
      { numRuns: 300 },
    );
  });

  it('splits dotted and undotted initials alike', () => {
    expect(nameParts('R.K. Sharma').map((p) => p.raw)).toEqual(['r', 'k', 'sharma']);
    expect(nameParts('Shri R K Sharma').map((p) => p.initial)).toEqual([true, true, false]);
  });
});
