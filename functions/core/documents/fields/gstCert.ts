/** GST registration certificate (Form GST REG-06): gstin, legal_name, trade_name, address, date_of_registration. */
import { gstinCandidates } from './gstin.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { addressForKey } from './layoutFields.ts';
import { cleanName, idField, labelledAddress, labelledDate, labelledText, type ExtractedField, type Extractor } from './common.ts';
import { addressByLabels, cleanBusinessName, dateAfterLabel, finishAddress, isLabelText, notRefused, textByLabels } from './certificate.ts';

const NEXT_ITEM = /^\s*\d{1,2}\s*[.)]\s/;
const STOP = new RegExp(`${NEXT_ITEM.source}|^\\s*(?:date|constitution|type|period|additional|details|nature|jurisdiction|state\\s*jurisdiction|centre\\s*jurisdiction)`, 'i');
/** Addresses the certificate prints besides the principal place: annexure places, godowns, branches. */
const NOT_PRINCIPAL = /additional|godown|warehouse|branch|other\s*(?:office|place)|annexure/i;

export const extractGstCert: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  const gstins = gstinCandidates(model);
  const g = gstins.find((x) => x.valid) ?? gstins[0];
  if (g) found.gstin = idField({ ...g, check: 'checksum' }, g.words);

  const all = ['legal_name', 'trade_name', 'address', 'date_of_registration'].flatMap((f) => V(f).labels);
  const name = (f: string) =>
    textByLabels(model, V(f).labels, { clean: cleanBusinessName, allLabels: all }) ??
    labelledText(model, V(f).labels, { ...VIA, clean: cleanBusinessName, accept: (s) => !isLabelText(s, all) });
  found.legal_name = name('legal_name');
  found.trade_name = name('trade_name');
  // The principal place of business: pairs, wrapped keys, parts; never an additional place.
  const refused: string[] = [];
  found.address =
    addressByLabels(model, V('address').labels, { avoid: NOT_PRINCIPAL, stop: STOP, refused }) ??
    notRefused(addressForKey(model, V('address').labels, { stop: STOP }) ?? labelledAddress(model, V('address').labels, { maxLines: 4, stop: STOP }), refused);
  if (found.address && typeof found.address.value === 'string') found.address.value = finishAddress(found.address.value);
  found.date_of_registration = labelledDate(model, V('date_of_registration').labels, VIA) ?? dateAfterLabel(model, V('date_of_registration').labels);

  return { found };
};
