/** formatted_address: a parsed address laid out as the lines an address-bearing document carries. */
import type { AddressParts } from './parse.ts';
import { getPincodeData } from './pincodes.ts';

export interface FormattedAddress {
  address_line_1: string;
  address_line_2: string;
  city: string;
  state: string;
  postcode: string;
}

const ORDINAL_BEFORE = new Set(['cross', 'main', 'block', 'stage', 'floor', 'phase']);

function ordinal(n: string): string {
  const v = Number(n);
  const teen = v % 100 >= 11 && v % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[v % 10] ?? 'th';
  return `${v}${suffix}`;
}

function titleWords(words: string[]): string {
  return words
    .map((w, i) => {
      if (/^[0-9]+$/.test(w)) return ORDINAL_BEFORE.has(words[i + 1] ?? '') ? ordinal(w) : w;
      if (/[0-9]/.test(w) || w.length <= 2) return w.toUpperCase();
      return w[0].toUpperCase() + w.slice(1);
    })
    .join(' ');
}

const chunks = (cs: string[][]): string[] => cs.map(titleWords);

export function formatParts(p: AddressParts): FormattedAddress {
  const line1: string[] = [];
  if (p.house) line1.push(p.house.toUpperCase());
  if (p.floor !== null) line1.push(p.floor === '0' ? 'Ground Floor' : `${ordinal(p.floor)} Floor`);
  line1.push(...chunks(p.building), ...chunks(p.plot), ...chunks(p.street));
  const line2 = [...chunks(p.locality), ...p.landmark.map((l) => `Near ${titleWords(l)}`)];
  const data = getPincodeData();
  const city = p.city ?? p.district ?? p.pin?.districts[0] ?? '';
  const stateKey = p.state ?? (p.pin && p.pin.states.length === 1 ? p.pin.states[0] : null);
  return {
    address_line_1: line1.join(', '),
    address_line_2: line2.join(', '),
    city: city ? titleWords(city.split(' ')) : '',
    state: stateKey ? (data.stateNames.get(stateKey) ?? titleWords(stateKey.split(' '))) : '',
    postcode: p.pincode ?? '',
  };
}
