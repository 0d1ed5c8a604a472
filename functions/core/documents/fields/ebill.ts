/** Utility bill (electricity, water, telecom, gas): consumer_name, consumer_number, address, bill_date, amount_due. */
import type { DocumentModel } from '../blocks.ts';
import { findAmounts } from '../validators.ts';
import { looksLikeBareKey, type Segment } from '../layout.ts';
import { HEURISTIC_CAP, SPLIT_CELL_CAP } from '../confidence.ts';
import { plausible } from '../plausibility.ts';
import { cleanName, field, hasPincode, labelledAddress, labelledAmount, labelledDate, labelledText, looksLikeName, type ExtractedField, type Extractor } from './common.ts';
import { SAME_LINE_RIGHT_OR_BELOW as VIA } from './labelReach.ts';
import { addressForKey, addressUnderSegment, labelSegments } from './layoutFields.ts';
import { findDocumentDates, pairValue } from './commercial.ts';
import { addressByLabels, addressee, capShortId, checkedAgainst, cleanPartyName, dateAfterLabel, finishAddress, isLabelText, nameAndAddress, notRefused, textByLabels, valueUnderCaption, withoutLeadingName } from './certificate.ts';

/** Amounts a bill prints besides the one due now: after the due date, arrears, a prompt-payment figure. */
const NOT_DUE_NOW = /after|late|arrear|previous|surcharge|if\s*paid|discount|rebate|last\s*payment|paid\s*on|deposit|penalty|fine|\bdpc\b/i;
/** The office's own address (section, sub-division, ward office, registered office) is not the consumer's. */
const NOT_CONSUMER = /office|ward|division|section|circle|zone|registered|corporate|head|branch|sub-?station/i;
const NAME_AND_ADDRESS = [/(?:consumer(?:'s)?\s*|customer(?:'s)?\s*)?name\s*(?:&|and)\s*address(?:\s*of\s*(?:the\s*)?consumer)?/i];
const ADDRESS_STOP = /^\s*(?:mobile|mob|phone|ph|tel|contact|e-?mail|gstin|gst|pan|date|dated|bill|due|consumer|account|a\/c|meter|tariff|sanction|connected|category|load|phase|units|reading|plan|ifsc|pole|feeder|book|area\s*code|route)(?![A-Za-z0-9])/i;

/** A consumer number; a colon printed apart and read as "1" or "|" before it ("Consumer No.  1 222337515934") is not its first digit. */
const CONSUMER_NUMBER = /^(?:[|!lI1]\s+(?=[A-Za-z]{0,4}\d{4,}\b))?([A-Za-z0-9][A-Za-z0-9/.\-]*\d[A-Za-z0-9/\-]*)/;

/** The text with its dates blanked out (the same length, so positions hold). */
function withoutDates(t: string): string {
  let out = t;
  for (const d of findDocumentDates(t)) out = out.slice(0, d.index) + ' '.repeat(d.length) + out.slice(d.index + d.length);
  return out;
}

/** The amount due now: a key-value pair first (never one for after the due date), then a label in a line. */
/** A caption's due-date qualifier: "on or before 12/08/2024", "(by 05-09-2025)". */
const DUE_BY = /\s*\(?\s*(?:on\s+or\s+before|by|before|till|up\s*to)\s+\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\s*\)?\s*$/i;

function amountDue(model: DocumentModel, labels: readonly RegExp[]): ExtractedField | undefined {
  for (const label of labels) {
    for (const p of model.layout.find([label])) {
      if (NOT_DUE_NOW.test(p.key)) continue;
      // (a date beside the caption is no amount: "Total Amount Payable | Pay by 01 Sep 2024" gives no 2024)
      const hits = findAmounts(withoutDates(p.value)).filter((a) => a.value > 0);
      const a = hits.filter((h) => h.currency || h.decimals).pop() ?? hits.pop();
      if (a) return field(a.value, p.valueWords, { kind: 'structure', pass: true });
    }
  }
  // A box of figures: captions in a row, each amount under its caption ("Previous Balance | … | Amount Payable" over "₹ 871.00 | … | ₹ 794.14").
  const figure = (t: string) => !/\p{L}{3}/u.test(t.replace(/\b(?:rs|inr)\b/gi, '')) && findAmounts(t).some((x) => x.value > 0);
  const boxed = valueUnderCaption(model, labels, figure, { avoid: NOT_DUE_NOW });
  if (boxed) return field(findAmounts(boxed.text).filter((x) => x.value > 0).pop()!.value, boxed.words, { kind: 'structure', pass: true });
  // The payable amount boxed large under its caption, the charges' rows passing beside the box ("Net Amount Payable" / "Rs. 2,293.00")
  // (printed larger and right-aligned in the box: any overlap with the caption's width, within three of its heights;
  // a box wider than its caption starts the figure just past the caption's end, within two of its heights)
  // (a caption that reads like a sentence, "Payable on or before due date", is a caption when a label covers all of it)
  // (a due date's qualifier is part of a caption: "Amount Payable on or before 12/08/2024")
  const covered = (t: string) => labels.some((l) => new RegExp(`^\\s*(?:${l.source})[\\s:.]*$`, 'i').test(t.replace(DUE_BY, '')));
  const sentenceCaptions = model.layout.segments.filter((s) => model.layout.isProseLine(s.line) && covered(s.text));
  for (const cap of [...labelSegments(model, labels, 2), ...sentenceCaptions]) {
    if (NOT_DUE_NOW.test(cap.text)) continue;
    const v = model.layout.segmentUnderBox(cap);
    // (a lone figure with a space read after its thousands comma, "2, 238.00", is one amount)
    const t = v?.text.replace(/(\d),\s(\d{3}(?:\.\d{2})?)(?!\d)/g, '$1,$2');
    if (v && t && figure(t)) return field(findAmounts(t).filter((x) => x.value > 0).pop()!.value, v.words, { kind: 'structure', pass: true });
  }
  for (const label of labels) {
    // (a line read as prose for its lower-case caption is still a caption cell beside its figure: "Pay by due date | Rs. 1,179.00")
    const cells = (line: DocumentModel["lines"][number]) => model.layout.segments.filter((s) => s.line === line);
    const captionCell = (line: DocumentModel["lines"][number]) => {
      const [cap, v, ...rest] = cells(line);
      return !!v && !rest.length && covered(cap.text) && figure(v.text);
    };
    const lines = model.findLines(label).filter((x) => !NOT_DUE_NOW.test(x.line.text.slice(x.match.index)) && (!model.layout.isProseLine(x.line) || captionCell(x.line)));
    for (const x of lines) {
      // (its figure the cell beside it: a caption read as a sentence is no label in a line)
      if (model.layout.isProseLine(x.line)) {
        const v = cells(x.line)[1];
        return field(findAmounts(v.text).filter((a) => a.value > 0).pop()!.value, v.words, { kind: 'structure', pass: true });
      }
      const f = labelledAmount(model, [new RegExp(label.source, label.flags)], { via: ['same-line', 'right'] });
      if (f && !NOT_DUE_NOW.test(x.line.text)) return f;
    }
  }
  return undefined;
}

/** Another column's key OCR joined to an address line ("HYDERABAD, Billing Period"). */
const JOINED_KEY = /^(?:\p{Lu}\p{Ll}+\s+)*(?:period|date|no\.?|number|month|amount|tariff|load|meter|category|phase)$/iu;

/**
 * An address printed in capitals with a part in mixed case that is a key ("… HYDERABAD, Billing Period,
 * TELANGANA - 500259"): the next column's label joined to the line, not the address. Dropped; the cell was
 * mixed, so the value is reviewed (SPLIT_CELL_CAP).
 */
export function withoutJoinedKey(f: ExtractedField): ExtractedField {
  if (typeof f.value !== 'string') return f;
  const parts = f.value.split(/,\s*/);
  const capitals = parts.filter((x) => /\p{Lu}/u.test(x) && !/\p{Ll}/u.test(x)).length;
  const keep = parts.filter((x) => !(/\p{Ll}/u.test(x) && JOINED_KEY.test(x.trim())));
  if (keep.length === parts.length || capitals < parts.length / 2) return f;
  return { ...f, value: keep.join(', '), confidence_score: Math.min(f.confidence_score, SPLIT_CELL_CAP) };
}

/**
 * A bill that prints each value over its caption (a value on a rule, "Grahak Sankhya / BP No." under it):
 * known by captions closing their columns, a value above each and nothing under it or beside it, twice at
 * least. Then a caption's value is the text above it in its column (past a local-language caption line
 * over the English one), down to the caption; an address may run over two lines.
 */
function valuesOverCaptions(model: DocumentModel, allLabels: readonly RegExp[]) {
  const lay = model.layout;
  const isCaption = (t: string) => {
    const k = t.replace(/[\s:.]+$/, '').trim();
    return !/\d/.test(k) && (looksLikeBareKey(k) || allLabels.some((l) => new RegExp(`^\\s*(?:${l.source})\\s*$`, 'i').test(k)));
  };
  const sameColumn = (a: Segment, b: Segment) => a.page === b.page && Math.abs(a.box.Left - b.box.Left) <= Math.max(a.box.Height, 0.006) * 1.5;
  const above = (seg: Segment, within: number) =>
    lay.segments
      .filter((x) => x !== seg && sameColumn(x, seg) && x.box.Top < seg.box.Top && seg.box.Top - (x.box.Top + x.box.Height) <= Math.max(seg.box.Height, x.box.Height) * within)
      .sort((a, b) => b.box.Top - a.box.Top);
  const valueAbove = (seg: Segment) => above(seg, 3.5).find((x) => !isCaption(x.text) && /[\p{L}\d]{2}/u.test(x.text) && /\d|\p{Lu}{2,}/u.test(x.text));
  const captions = lay.segments.filter((x) => isCaption(x.text));
  // (no value beside: the next cell on the row is a caption, or starts another column of captions; OCR joins close rows of two columns)
  const besideFree = (seg: Segment) => {
    const r = lay.segmentRight(seg);
    return !r || isCaption(r.text) || captions.some((c) => c !== seg && sameColumn(c, r));
  };
  const closing = captions.filter((seg) => !lay.isProseLine(seg.line) && besideFree(seg) && !lay.segmentBelow(seg, 3) && !!valueAbove(seg));
  if (closing.length < 2) return undefined;
  return {
    /** The value over the first caption that a label covers, accepted. */
    over(labels: readonly RegExp[], accept: (t: string) => boolean): Segment | undefined {
      for (const label of labels) {
        const rx = new RegExp(`^\\s*(?:${label.source})[\\s:.]*$`, 'i');
        // (a caption with its value beside it is a key-value cell, read as such)
        for (const cap of lay.segments.filter((x) => rx.test(x.text) && besideFree(x))) {
          const v = valueAbove(cap);
          if (v && accept(v.text)) return v;
        }
      }
      return undefined;
    },
    /** The lines over the caption back up to the caption before them: a value wrapped over two lines. */
    block(v: Segment): { text: string; words: Segment['words'] } {
      const parts = [v];
      for (let cur = v; parts.length < 3; ) {
        const up = above(cur, 1.2)[0];
        if (!up || isCaption(up.text) || !/\d|,/.test(up.text)) break;
        parts.unshift(up);
        cur = up;
      }
      // (the PIN's dash read against it, "Manipur -795237")
      return { text: parts.map((x) => x.text.trim()).join(', ').replace(/,\s*,/g, ',').replace(/\s-(?=\d{6}\b)/, ' - '), words: parts.flatMap((x) => x.words) };
    },
  };
}

export const extractEbill: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};
  const all = ['consumer_name', 'consumer_number', 'address', 'bill_date', 'amount_due'].flatMap((f) => V(f).labels);
  const combined = nameAndAddress(model, NAME_AND_ADDRESS, ADDRESS_STOP);
  const to = addressee(model, { stop: ADDRESS_STOP });
  // (an app's action beside the caption, "Name | Switch account", is no name: names are capitalised)
  const personName = (s: string) => looksLikeName(s) && !isLabelText(s, all) && plausible('consumer_name', s) !== 'fail';
  found.consumer_name =
    textByLabels(model, V('consumer_name').labels, { clean: cleanPartyName, allLabels: all, accept: personName }) ??
    // (the caption's beside value is no name, an app's "Switch account": the name under the caption)
    model.layout
      .find(V('consumer_name').labels)
      .map((p) => pairValue(model, p, (t) => personName(cleanPartyName(t))))
      .filter((v) => !!v)
      .map((v) => field(cleanPartyName(v!.text), v!.words, { kind: 'labelled', via: 'pair' }))[0] ??
    labelledText(model, V('consumer_name').labels, {
      ...VIA,
      // (a box's heading read onto the name's line is cut with its qualifier: "… LONDHE  CURRENT BILL")
      stop: /\s{2,}|\b(?:(?:current|previous|last)\s*)?(?:consumer\s*no|ca\s*no|account|bill|date)\b/i,
      clean: (s) => cleanPartyName(cleanName(s)),
      accept: personName,
    }) ??
    // a row of captions over a row of values, the caption not read as a key ("Service Connection No. | Consumer Name" over its values)
    [valueUnderCaption(model, V('consumer_name').labels, (t) => personName(cleanPartyName(t)))].map((x) => (x ? field(cleanPartyName(x.text), x.words, { kind: 'labelled', via: 'pair' }) : undefined))[0] ??
    combined?.name ??
    to?.name;
  // The addressee of a letter-style bill is a second reading of the consumer.
  const second = (to?.address ? to.name : undefined) ?? combined?.name;
  if (found.consumer_name !== second) found.consumer_name = checkedAgainst(found.consumer_name, second);
  found.consumer_number = capShortId(
    textByLabels(model, V('consumer_number').labels, { clean: (s) => (CONSUMER_NUMBER.exec(s.trim())?.[1] ?? ''), allLabels: all }) ??
    labelledText(model, V('consumer_number').labels, { ...VIA, pattern: CONSUMER_NUMBER }),
  );
  const name = typeof found.consumer_name?.value === 'string' ? found.consumer_name.value : undefined;
  // "Name & Address" cell, an address key (never the office's), then the addressee block of a letter.
  const refused: string[] = [];
  found.address =
    combined?.address ??
    withoutLeadingName(addressByLabels(model, V('address').labels, { avoid: NOT_CONSUMER, stop: ADDRESS_STOP, refused }), name) ??
    notRefused(withoutLeadingName(addressForKey(model, V('address').labels, { stop: ADDRESS_STOP }), name), refused) ??
    to?.address ??
    notRefused(withoutLeadingName(labelledAddress(model, V('address').labels, { maxLines: 4, stop: ADDRESS_STOP }), name), refused);
  if (found.address && typeof found.address.value === 'string') found.address = withoutJoinedKey({ ...found.address, value: finishAddress(found.address.value) });
  // (a date beside its label before one under it: "Bill Date" heading a history table's column has earlier bills' dates under it)
  found.bill_date = labelledDate(model, V('bill_date').labels, { via: ['same-line', 'right'] }) ?? labelledDate(model, V('bill_date').labels, VIA) ?? dateAfterLabel(model, V('bill_date').labels);
  // ("Current Bill Amount" is the month's charges before arrears: a payable caption first, read by any of the ways)
  const dueLabels = V('amount_due').labels;
  found.amount_due = amountDue(model, dueLabels.filter((l) => /payable|due|paid/.test(l.source))) ?? amountDue(model, dueLabels);

  // values printed over their captions: the caption under a value names it, not the value under the caption
  const vo = valuesOverCaptions(model, all);
  if (vo) {
    const labelled = (v: Segment | undefined, value: string | undefined) => (v && value ? field(value, v.words, { kind: 'labelled', via: 'pair' }) : undefined);
    const name = vo.over(V('consumer_name').labels, (t) => personName(cleanPartyName(t)));
    found.consumer_name = labelled(name, name && cleanPartyName(name.text)) ?? found.consumer_name;
    const number = vo.over(V('consumer_number').labels, (t) => !!CONSUMER_NUMBER.exec(t.trim()) && !findDocumentDates(t).length);
    found.consumer_number = capShortId(labelled(number, number && CONSUMER_NUMBER.exec(number.text.trim())?.[1])) ?? found.consumer_number;
    const date = vo.over(V('bill_date').labels, (t) => findDocumentDates(t).length > 0);
    found.bill_date = labelled(date, date && findDocumentDates(date.text)[0].value) ?? found.bill_date;
    const addr = vo.over(V('address').labels, (t) => /\b\d{6}\b/.test(t.replace(/\s+(?=\d{3}\b)/, '')));
    if (addr) {
      const b = vo.block(addr);
      found.address = field(finishAddress(b.text), b.words, { kind: 'labelled', via: 'pair' });
    }
  }
  // No caption names the consumer (a telecom bill prints the customer's block at the top left, as a letter's
  // addressee without "To,"): the first person's name in the page's top half with a PIN-ending address under it
  // in its column. Position only: heuristic evidence.
  if (!found.consumer_name && !found.address) {
    for (const seg of model.layout.segments) {
      if (seg.page !== model.lines[0]?.page || seg.box.Top > 0.5 || model.layout.isProseLine(seg.line) || model.layout.isKey(seg)) continue;
      const v = cleanPartyName(seg.text);
      const n = v.split(/\s+/).length;
      if (n < 2 || n > 4 || !personName(v) || plausible('consumer_name', v) !== 'pass') continue;
      const a = addressUnderSegment(model, seg, { stop: ADDRESS_STOP });
      if (!a || typeof a.value !== 'string' || !hasPincode(a.value)) continue;
      found.consumer_name = field(v, seg.words, { kind: 'heuristic' });
      found.address = { ...a, value: finishAddress(a.value), confidence_score: Math.min(a.confidence_score, HEURISTIC_CAP) };
      break;
    }
  }
  return { found };
};
