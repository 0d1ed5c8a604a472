/**
 * Delivery order (financier's instruction to the dealer to hand over the asset):
 * dealer_address, customer_name, customer_mobile_number (the cross-checked fields) plus
 * dealer_name, order_number, order_date, asset_model, amount.
 */
import type { DocumentModel, Line } from '../blocks.ts';
import { isProse, type KeyValue, type Segment } from '../layout.ts';
import { findAmounts, findDates, findMobiles } from '../validators.ts';
import { REPAIR_PENALTY, SPLIT_CELL_CAP } from '../confidence.ts';
import { addressUnder, letterheadLine, letterheadText } from './header.ts';
import { SALUTATION, addressee, personName, withoutFirmTitle } from './commercial.ts';
import { ID_VALUE, continuedReference, repairInnerAbbreviation } from './referenceNumber.ts';
import { BUSINESS_NAME_STOP } from './labelReach.ts';
import { addressForKey, addressFromPair, addressUnderSegment, keyOfItsOwn, labelSegments, nameUnderHeading, pairInSection, partForCaption } from './layoutFields.ts';
import { isLabelText, valueUnderCaption } from './certificate.ts';
import { sentenceAmount, sentenceAsset, sentenceCustomer, sentenceDealer } from './sentence.ts';
import {
  cleanName,
  field,
  hasPincode,
  joinAddress,
  labelledAddress,
  labelledAmount,
  labelledDate,
  labelledText,
  looksLikeName,
  repairEchoPrefix,
  repairModelName,
  tidy,
  type ExtractedField,
  type Extractor,
} from './common.ts';

/**
 * Ceiling for a value read under a lesser label while a preferred label of the field is printed unread:
 * the field is the preferred label's value when printed, so the lesser one is wrong unless both are equal
 * (as low as a value failing its validator; docs/confidence.md).
 */
export const OUTRANKED_CAP = 0.4;
const NAME_STOP = /\s{2,}|\b(?:mobile|mob|ph|phone|date|address|contact)\b/i;
/** A letterhead naming a lender: the issuer of the order, never the dealer it is addressed to. */
const FINANCIER = /financ|fincorp|capital|credit|bank|leasing|loans?\b|nbfc/i;
/** The order's own title printed large at its top ("PURCHASE AUTHORISATION", "DISBURSEMENT ADVICE"): no dealer's letterhead. */
const DO_TITLE = /^\s*(?:[a-z]+\s+){0,3}(?:order|authori[sz]ation|advice|slip|letter|sanction|approval)\s*$/i;
/** The customer's party named in a key. */
const CUSTOMER_PARTY = /\b(?:customer|cust|borrower|applicant|buyer|hirer)\b/i;
/** Another label or section: not a dealer's name. */
const NOT_A_NAME = /deliver|customer|borrower|applicant|\b(?:mobile|mob|phone|ph|contact|date)\s*(?:no|number)?\s*[:.]|subject|\bsub\s*:|\bref\b|\bdear\b|\bsir\b|madam|\bnumber\b|\bno\s*[:.]/i;

/**
 * The number printed in the cell right after the document's title ("Consumer Durable Loan • Delivery
 * Order  ‖  CD25031528643") when its own label was not read: letters and at least six digits, one
 * token. Position only: heuristic.
 */
function titleNumber(model: DocumentModel): ExtractedField | undefined {
  const lay = model.layout;
  for (const seg of lay.segments) {
    if (!/delivery\s*order\s*$/i.test(seg.text) || lay.isProseLine(seg.line)) continue;
    // (the next cell of its OCR line, or of its row: a larger number sits a little higher than the title)
    const next = lay.segments.filter((x) => x.line === seg.line && x.start >= seg.end).sort((a, b) => a.start - b.start)[0] ?? lay.segmentRight(seg);
    // (or a reference of parts, "PCF/DO/2024/1385", in the box its caption "Order No." heads)
    const m = next && (/^\s*([A-Z]{1,6}[-/]?\d{6,}[A-Z0-9/-]*)\s*$/.exec(next.text) ?? /^\s*(\S+)\s*$/.exec(ORDER_CELL.test(next.text.trim()) ? next.text : ''));
    if (m) return field(m[1], next!.words, { kind: 'heuristic' });
  }
  return undefined;
}

/** A reference number of parts alone in its cell: letters, digits and separators, four digits or more ("PCF/DO/2024/1385"). */
const ORDER_CELL = /^(?=(?:[^\d]*\d){4})[A-Z0-9]+(?:[-/][A-Z0-9]+)+$/i;

/** The dealer's own keys printed under its name and address ("DLR CODE", "Dealer GSTIN", "Store ID"). */
const DEALER_KEY = /^\s*(?:dlr|dealer|store|merchant)\s*(?:code|gstin|gst\s*no|id|no)\b/i;

/**
 * The dealer's block when its own label was lost: a name over a PIN-ending address, right above the
 * dealer's code or GSTIN key in its column ("BHAGYALAXMI TELECOM" / "470/5, …" / "…- 400589" / "DLR
 * CODE : JYB12589"). The dealer's key under the block is its label (a label in a line's evidence).
 */
export function blockAboveDealerKey(model: DocumentModel, accept: (name: string) => boolean): { name: ExtractedField; address: ExtractedField } | undefined {
  const lay = model.layout;
  for (const key of lay.segments.filter((x) => DEALER_KEY.test(x.text) && !lay.isProseLine(x.line))) {
    const parts: Segment[] = [];
    let cur: Segment = key;
    while (parts.length < 5) {
      // (the column's segment above, or a centred name on the line right above the address, over it)
      const up =
        lay.segmentAbove(cur) ??
        lay.segments.find(
          (x) =>
            x.page === cur.page &&
            x.line.index === cur.line.index - 1 &&
            (parts.length ? x.box.Left >= cur.box.Left - 0.01 && x.box.Left + x.box.Width <= cur.box.Left + cur.box.Width + 0.01 : Math.abs(x.box.Left - cur.box.Left) < 0.015),
        );
      if (!up || lay.isProseLine(up.line) || /:\s*\S/.test(up.text) || lay.isKey(up)) break;
      parts.unshift(up);
      cur = up;
      if (!/\d/.test(up.text)) break;
    }
    const [name, ...address] = parts;
    if (!name || !address.length || /\d/.test(name.text) || !hasPincode(address[address.length - 1].text) || !accept(cleanName(name.text))) continue;
    return {
      name: field(cleanName(name.text), name.words, { kind: 'labelled' }),
      address: field(joinAddress(address.map((x) => x.text)), address.flatMap((x) => x.words), { kind: 'labelled' }),
    };
  }
  return undefined;
}

/** A dealer's card heading on a portal page: "Store Details", "Dealer Information". */
// (a lender's own words for the dealer head its card alone: "Authorised Channel Partner", "Point of Sale", "Store")
const DEALER_CARD = /^\s*(?:(?:dealer|store|shop|retailer|outlet)(?:'s)?\s*(?:details|information|info)|(?:authori[sz]ed\s*)?(?:channel\s*partner|point\s*of\s*sale)(?:\s*(?:details|information|info))?|store|retailer|showroom)\s*$/i;
/** The rest of a card's heading read after "Dealer" ("Dealer Details", "Dealer Code"): no name. */
const CARD_WORD = /^(?:details|information|info|code|id)\b/i;
/** A caption of the dealer alone ("Store", "Retailer Name"): under a section heading ("DELIVER TO") it is the next caption, not the dealer. */
const DEALER_CAPTION = /^\s*(?:dealer|retailer|store|shop|outlet|showroom)(?:'s)?(?:\s*name)?\s*:?\s*$/i;

/**
 * A bare "Address" caption inside the dealer's card (the card's heading above it in its column):
 * the address under it is the dealer's, as "Store Address" would say.
 */
function addressInDealerCard(model: DocumentModel, dealerKey?: Segment): ExtractedField | undefined {
  const lay = model.layout;
  // (or under the dealer's own key: "Point of Sale (POS) | Dzukou Cellcom" / "POS ID | …" / "Address | …")
  for (const head of [...labelSegments(model, [DEALER_CARD], 2), ...(dealerKey ? [dealerKey] : [])]) {
    const near = (s: Segment) => s.page === head.page && s.box.Top > head.box.Top && s.box.Top - head.box.Top < head.box.Height * 14 && Math.abs(s.box.Left - head.box.Left) < 0.02;
    const key = lay.segments.filter((s) => near(s) && /^\s*address\s*:?\s*$/i.test(s.text)).sort((a, b) => a.box.Top - b.box.Top)[0];
    const pair = key ? lay.pairs.find((p) => p.keySegment === key && p.via !== 'below') : undefined;
    const a = pair ? addressFromPair(model, pair) : key ? addressUnderSegment(model, key) : undefined;
    if (a) return a;
  }
  return undefined;
}

/**
 * Where a card lender's DO may be spent, the dealer's box at its foot: "Valid only at", "Redeem at",
 * "Purchase to be made at" over the store's name and address.
 */
const SPEND_AT = /^\s*(?:valid\s*(?:only\s*)?at|redeem(?:able)?\s*(?:only\s*)?at|purchase\s*(?:to\s*be\s*made|valid)\s*(?:only\s*)?at)\s*:?\s*$/i;

/** Money alone ("Rs. 27,000/-", "28,499.00", "INR 22499.00"): no model, and an amount cell. */
const MONEY_ONLY = /^\s*(?:rs\.?|₹|inr)?\s*[\d,]+(?:\.\d{1,2})?\s*(?:\/-?)?\s*$/i;

/** An asset grid's model caption alone in its cell. */
const MODEL_CAPTION = /^\s*model(?:\s*name)?\s*[:.]?\s*$/i;
/** The captions of an asset grid's cells. */
const ASSET_CAPTION = /^\s*(?:brand|make|manufacturer|model(?:\s*name)?|variant|colou?r|qty|quantity|serial(?:\s*no\.?)?|imei(?:\s*no\.?)?|category)\s*:?\s*$/i;

/**
 * An asset grid's model cell under its caption ("Brand | Model Name | Variant | Qty" over "Samsung | Galaxy F06 5G |
 * (4GB/64GB) | 1"), with the variant cell beside it when the grid has one: the model as the order names it.
 */
function assetGridCell(model: DocumentModel): ExtractedField | undefined {
  const lay = model.layout;
  const isValue = (t: string) => /\p{L}/u.test(t) && !ASSET_CAPTION.test(t) && !MONEY_ONLY.test(t);
  for (const caption of lay.segments.filter((s) => MODEL_CAPTION.test(s.text) && !lay.isProseLine(s.line))) {
    const cell = lay.segmentBelow(caption, 4);
    if (!cell || !isValue(cell.text)) continue;
    const variantCaption = lay.rowOf(caption).find((s) => /^\s*variant\s*:?\s*$/i.test(s.text));
    const variant = variantCaption ? lay.segmentBelow(variantCaption, 4) : undefined;
    const withVariant = !!variant && variant.line === cell.line && /\d\s*(?:GB|TB)|\d+\s*[/+]\s*\d+/i.test(variant.text);
    const text = withVariant ? `${tidy(cell.text)} ${tidy(variant.text)}` : tidy(cell.text);
    return field(repairModelName(text), withVariant ? [...cell.words, ...variant.words] : cell.words, { kind: 'labelled' });
  }
  return undefined;
}

/** The asset's price in an item table's row, under its column's caption ("… | Invoice Value | Down Pmt | Loan Amt"). */
function amountUnderCaption(model: DocumentModel, labels: readonly RegExp[]): ExtractedField | undefined {
  const cell = valueUnderCaption(model, labels, (t) => MONEY_ONLY.test(t));
  const a = cell ? findAmounts(cell.text)[0] : undefined;
  return cell && a ? field(a.value, cell.words, { kind: 'structure', pass: true }) : undefined;
}

/** The DO number's own caption (not a reference or an order number of another kind). */
const DO_NUMBER_KEY = /(?:\bd\.?\s?o\.?|\bd\.\s?0\.|delivery\s*order)\s*(?:no|number|#|ref)/i;

/**
 * A lender's stamp or card prints its DO number with the date under it ("DO No. | SFL/DO/…" over "Date | 05-02-2025"):
 * that date is the order's, whatever other dates the page holds (the dealer's quotation it was stamped on).
 */
function dateUnderOrderNumber(model: DocumentModel): ExtractedField | undefined {
  const lay = model.layout;
  for (const p of lay.find([DO_NUMBER_KEY])) {
    const under = p.keySegment ? lay.segmentBelow(p.keySegment, 3) : undefined;
    if (!under || !/^\s*(?:date|dated|dt\b\.?)/i.test(under.text)) continue;
    const datePair = lay.pairs.find((q) => q.keySegment === under);
    const d = datePair ? findDates(datePair.value)[0] : undefined;
    if (d) return field(d.value, datePair!.valueWords, { kind: 'structure', pass: true });
  }
  return undefined;
}

/** The goods column of an order laid out as a bill ("Particulars | HSN | Qty | Rate | Amount"). */
const ITEM_COLUMN = /^\s*(?:particulars|description(?:\s*of\s*(?:goods|the\s*asset))?|item(?:\s*(?:description|details))?)\s*$/i;

/**
 * The asset as the first row of an item table prints it, when no key names it: the cell under the goods
 * column. A cell says "the item", not "the model" (it may carry the maker, a colour or a code): heuristic.
 */
function itemCell(model: DocumentModel): ExtractedField | undefined {
  const cell = valueUnderCaption(model, [ITEM_COLUMN], (t) => /\p{L}{2}/u.test(t) && !MONEY_ONLY.test(t));
  return cell ? field(repairModelName(tidy(cell.text)), cell.words, { kind: 'heuristic' }) : undefined;
}

export const extractDeliveryOrder: Extractor = (model, _opts, V) => {
  const found: Record<string, ExtractedField | undefined> = {};

  const dealerLabel = model.findLine(/dealer(?:'s)?\s*name|name\s*of\s*(?:the\s*)?dealer/i);
  const to = addressee(model);
  const head = letterheadLine(model);
  const headIsDealer = head && !FINANCIER.test(head.text) && !DO_TITLE.test(head.text) ? head : undefined;
  // (a sentence is no name: "Retailer: attach this slip to the invoice copy sent for payment.")
  const isDealer = (v: string) => v.length >= 3 && !/\d{3,}/.test(v) && !NOT_A_NAME.test(v) && !SALUTATION.test(v) && !FINANCIER.test(v) && !/^\p{Ll}/u.test(v) && !isProse(v);
  // (a heading's "value" that is itself a key is the next label: "DEALER DETAILS" over "DLR CODE | ...")
  const headingOverKey = (p: KeyValue) => !!p.valueSegment && !!p.keySegment && p.valueSegment !== p.keySegment && keyOfItsOwn(model, p.keySegment, p.valueSegment);
  // (a bare "DEALER" over a city is a round stamp's ring, "PUSHPAK HOME APPL / DEALER / PUNE", when a letter's
  // addressee names the dealer over its PIN-ending address: the addressee outranks it)
  const toConfirmedEarly = !!to && hasPincode(String(addressUnder(model, to.line, 4)?.value ?? ''));
  const bareDealer = (p: KeyValue) => /^\s*dealer\s*:?\s*$/i.test(p.key) && toConfirmedEarly;
  // (a key naming the customer is the customer's, whatever else it says: "Deliver To (Customer)")
  const customerKey = (p: KeyValue) => CUSTOMER_PARTY.test(p.key);
  const dealerPair = model.layout.find(V('dealer_name').labels).find((p) => !headingOverKey(p) && !bareDealer(p) && !customerKey(p) && !DEALER_CAPTION.test(p.value) && isDealer(cleanName(p.value)));
  const dealerBlock = blockAboveDealerKey(model, isDealer);
  const spendAt = dealerPair ? undefined : nameUnderHeading(model, [SPEND_AT], (t) => isDealer(cleanName(t)));
  // the dealer's card heading over its block ("Dealer Details" / name / address), the customer's card beside it
  const dealerCard = dealerPair || spendAt ? undefined : nameUnderHeading(model, [DEALER_CARD], (t) => isDealer(cleanName(t)) && !DEALER_CAPTION.test(t));
  const deliverAt = to ? undefined : sentenceDealer(model);
  found.dealer_name =
    (dealerPair ? field(cleanName(dealerPair.value), dealerPair.valueWords, { kind: 'labelled', via: 'pair' }) : undefined) ??
    (spendAt ? field(cleanName(spendAt.text), spendAt.words, { kind: 'labelled' }) : undefined) ??
    // (a store's name is the dealer's, as in the pairs' vocabulary: "Store Name" beside a right-aligned value)
    labelledText(model, [/(?:dealer|dlr|store|shop|outlet)(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?dealer/i, ...(toConfirmedEarly ? [] : [/^\s*dealer\b/i]), /^\s*(?:store|retailer)\s*:?\s*$/i], { via: ['same-line', 'right', 'below'], stop: BUSINESS_NAME_STOP, clean: cleanName, accept: (t) => isDealer(t) && !DEALER_CAPTION.test(t) && !CARD_WORD.test(t) }) ??
    (dealerCard ? field(cleanName(dealerCard.text), dealerCard.words, { kind: 'labelled' }) : undefined) ??
    // (a lender's message naming the store: "Deliver at Mithila Smart Phones, Door No. …")
    deliverAt?.name ??
    (to ? field(to.name, to.line.words, { kind: 'heuristic' }) : undefined) ??
    dealerBlock?.name ??
    (headIsDealer ? field(cleanName(letterheadText(headIsDealer)), headIsDealer.words, { kind: 'heuristic' }) : undefined);

  const toSegment = to ? model.layout.segments.find((x) => x.line === to.line) : undefined;
  const toAddress = to ? (addressUnderSegment(model, toSegment) ?? addressUnder(model, to.line, 4)) : undefined;
  // The addressee confirmed by a PIN-ending address under it ("To, / M/s Vaishnavi Mobiles, / ... - 520018"):
  // the title and the address block are its label (as for a certificate's addressee), not a position alone.
  if (to && found.dealer_name?.value === to.name && typeof toAddress?.value === 'string' && hasPincode(toAddress.value)) {
    found.dealer_name = field(to.name, to.line.words, { kind: 'labelled' });
  }
  // the addressee's name in pieces OCR broke apart on its line ("M/s. Ch | da Agro Equip" from "Chamunda Agro
  // Equipments"): letters between the pieces are lost (a split cell, as for addresses)
  if (to && found.dealer_name?.value === to.name && model.layout.segments.filter((x) => x.line === to.line && to.name.split(/\s+/).some((w) => w.length > 1 && x.text.includes(w))).length >= 2) {
    found.dealer_name = { ...found.dealer_name, confidence_score: Math.min(found.dealer_name.confidence_score, SPLIT_CELL_CAP) };
  }
  const dealerRead = found.dealer_name;
  // (a business's name without its firm title: "M/s Sai Krupa Electronics" -> "Sai Krupa Electronics")
  found.dealer_name = withoutFirmTitle(found.dealer_name);
  found.dealer_address =
    addressForKey(model, V('dealer_address').labels) ??
    addressUnderSegment(model, dealerPair?.valueSegment) ??
    addressUnderSegment(model, spendAt) ??
    addressUnderSegment(model, dealerCard) ??
    addressInDealerCard(model, dealerPair?.keySegment) ??
    addressUnderSegment(model, toSegment) ??
    labelledAddress(model, [/dealer(?:'s)?\s*(?:address|addr\b\.?)/i, /address\s*of\s*(?:the\s*)?dealer/i]) ??
    (dealerLabel ? addressUnder(model, dealerLabel.line) : undefined) ??
    (to ? addressUnder(model, to.line, 4) : undefined) ??
    (dealerRead === dealerBlock?.name ? dealerBlock?.address : undefined) ??
    (deliverAt && dealerRead === deliverAt.name ? deliverAt.address : undefined) ??
    addressUnder(model, headIsDealer);

  const custV = V('customer_name');
  const custPair =
    // (nor the dealer's card heading beside the customer's: "Customer | Store")
    model.layout.find(custV.labels).find((p) => !headingOverKey(p) && looksLikeName(personName(p.value)) && !DEALER_CARD.test(p.value)) ??
    [pairInSection(model, custV.sections ?? [], custV.inSection ?? [])].find((p) => p && looksLikeName(personName(p.value)));
  found.customer_name =
    (custPair ? field(personName(custPair.value), custPair.valueWords, { kind: 'labelled', via: 'pair' }) : undefined) ??
    labelledText(
      model,
      [/(?:customer|cust\.?)(?:'s)?\s*name/i, /(?:(?<!co[\s-]*)borrower|(?<!co[\s-]*)applicant|buyer|hirer)(?:'s)?\s*name/i, /name\s*of\s*(?:the\s*)?(?:customer|borrower|applicant)/i, /\bcustomer\b/i],
      // (a label word left of a row of labels, "Customer Name Mobile No.", is no name)
      // ("Customer care 1800-…" is the lender's helpline)
      { via: ['same-line', 'right', 'below'], stop: NAME_STOP, clean: personName, accept: (v) => looksLikeName(v) && !/^(?:name|details?|no\.?|contribution|share|signature|copy|id|code)$/i.test(v) && !/^(?:care|service|support|helpline)\b/i.test(v) && !DEALER_CARD.test(v) },
    ) ??
    // the name under the customer's card heading ("Customer Details" / name / address)
    (() => {
      const seg = nameUnderHeading(model, custV.sections ?? [], (t) => looksLikeName(personName(t)));
      return seg ? field(personName(seg.text), seg.words, { kind: 'labelled' }) : undefined;
    })() ??
    // a letter naming the customer only in its sentence ("the loan of our customer Shri X was sanctioned")
    sentenceCustomer(model);

  // (the issuer's contact line, its GSTIN beside its phone, is the dealer's: "GSTIN: 27… • Ph: 84211…")
  const mobilePair = model.layout.find(V('customer_mobile_number').labels).find((p) => findMobiles(p.value).length && !/\bGSTIN\b/i.test(p.keySegment?.line.text ?? ''));
  if (mobilePair) {
    const m = findMobiles(mobilePair.value)[0];
    const words = mobilePair.valueWords.filter((w) => /\d/.test(w.text));
    found.customer_mobile_number = field(m.value, words.length ? words : mobilePair.valueWords, { kind: 'structure', pass: true });
  }

  // (from the customer's caption, or the customer's name where a letter gives it in a sentence: "… loan to Thoibi
  // Namgyal (mobile 82840 32245)", the dealer's phone in its letterhead above)
  const custName = typeof found.customer_name?.value === 'string' && found.customer_name.value.length > 3 ? found.customer_name.value : undefined;
  const nameAt = custName ? model.lines.find((l) => l.text.includes(custName))?.index : undefined;
  const labelAt = model.findLine(/customer|borrower|applicant/i)?.line.index ?? 0;
  const custAt = nameAt !== undefined ? Math.min(nameAt, labelAt) : labelAt;
  // The number sits on the label's line, to its right (a table cell) or below it (a stacked form).
  const mobileLine = model
    .findLines(/mobile|mob\.?|phone|ph\.?|contact|cell/i)
    .filter((x) => x.line.index >= custAt)
    .flatMap((x) => [x.line, model.lineRightOf(x.line), model.lineBelow(x.line)])
    .find((line) => line && findMobiles(line.text).length);
  if (mobileLine && !found.customer_mobile_number) {
    const m = findMobiles(mobileLine.text)[0];
    found.customer_mobile_number = field(m.value, model.wordsInRange(mobileLine, m.index, m.index + m.length), { kind: 'structure', pass: true });
  }

  // (the DO's number printed after another's under one key: "Loan A/c / DO" | "CDL6414331955/SFL-POR-652785")
  const sharedKey = model.layout.pairs.map((p) => ({ p, v: partForCaption(p, /^(?:d\.?\s?o\.?|delivery\s*order)(?:\s*(?:no|number|#|ref)\.?)?$/i) })).find((x) => x.v && ID_VALUE.test(x.v));
  const order = continuedReference(
    model,
    (sharedKey ? field(ID_VALUE.exec(sharedKey.v!)![1], sharedKey.p.valueWords, { kind: 'labelled', via: 'pair' }) : undefined) ??
    labelledText(model, V('order_number').labels, { pairsOnly: true, pattern: ID_VALUE }) ??
    // (a portal letter's "DO Ref No" / "D.O. Ref.": the order's own reference; a lender's letter heads its number
    // "Ref PEL37719244" / "Our Ref." at a line's start, without a colon)
    labelledText(model, [/(?:\bD\.?\s?O\.?|\bD\.\s?0\.|delivery\s*order)\s*(?:ref(?:erence)?\.?\s*)?(?:no|number|#)\.?/i, /(?:\bD\.?\s?O\.?|\bD\.\s?0\.|delivery\s*order)\s*ref(?:erence)?\b\.?/i, /order\s*(?:no|number)\.?/i, /^\s*(?:our\s*)?ref(?:erence)?\.?(?:\s*(?:no|number)\.?)?(?=\s+[A-Z0-9/-]*\d)/i], {
      via: ['same-line', 'right', 'below'],
      pattern: ID_VALUE,
    }) ??
      titleNumber(model),
  );
  if (order && typeof order.value === 'string') {
    const p = repairEchoPrefix(order.value, ['DO']);
    const inner = repairInnerAbbreviation(p.value, 'DO');
    const r = { value: inner.value, repairs: p.repairs + inner.repairs };
    if (r.repairs) found.order_number = { ...order, value: r.value, confidence_score: Math.max(0, Math.round((order.confidence_score - REPAIR_PENALTY * r.repairs) * 1000) / 1000) };
    else found.order_number = order;
  }
  found.order_date = dateUnderOrderNumber(model) ?? labelledDate(model, V('order_date').labels, { pairsOnly: true }) ?? labelledDate(model, [/(?:\bD\.?\s?O\.?|\bD\.\s?0\.|delivery\s*order|order)\s*date/i, /^\s*(?:issued|generated)\s*on\b/i, /\bdated?\b/i, /\bdt\.?(?=\s*:?\s*\d)/i], { via: ['same-line', 'right', 'below'] });
  const modelClean = (s: string) => repairModelName(tidy(s.replace(/^(?:name|description)\s*[:\-]?\s*/i, '')));
  // The asset from its key-value pair (the whole cell: a model wrapped over two lines), else a labelled line.
  const assetPairs = model.layout.find(V('asset_model').labels).filter((p) => {
    // (a heading's "value" that is itself a key is the next label: "Asset Details" over "Model | ...")
    if (p.valueSegment && p.valueSegment !== p.keySegment && model.layout.isKey(p.valueSegment)) return false;
    const v = modelClean(p.value);
    // (money is no model: "Rs. 27,000/-" beside "ASSET VAL.", whose "-" the clean-up drops)
    // (nor is the next caption of an asset grid, "Model Name | Variant | Qty" over their values)
    return v.length >= 2 && !/^to be /i.test(v) && !MONEY_ONLY.test(v) && !ASSET_CAPTION.test(v);
  });
  // A key that names the model ("Asset Model", "Model") before a section heading or a broader key ("Asset Details",
  // "Product") that a card prints above it: the heading's "value" is the card's first caption ("Brand", "Manufacturer").
  const assetPair = assetPairs.find((p) => /\bmodel\b/i.test(p.key)) ?? assetPairs[0];
  // (the model's part of a value shared with its code: "Model / Code" | "P3x 5G (8GB/256GB) / RMX3944")
  const assetValue = assetPair ? (partForCaption(assetPair, /\bmodel\b/i) ?? assetPair.value) : '';
  found.asset_model = (assetPair ? field(modelClean(assetValue), assetPair.valueWords, { kind: 'labelled', via: 'pair' }) : undefined) ??
    labelledText(model, V('asset_model').labels, { pairsOnly: true, clean: modelClean, accept: (s) => s.length >= 2 && !/^to be /i.test(s) && !ASSET_CAPTION.test(s) && !MONEY_ONLY.test(s) }) ?? labelledText(model, [/model\s*(?:no\.?|number)\s*\/\s*name/i, /(?:asset|product|device|handset)?\s*model(?:\s*name)?/i, /\basset\b|\bproduct\b|\bdevice\b/i], {
    stop: /\s{2,}|\b(?:imei|colou?r|amount|price|serial)\b/i,
    clean: modelClean,
    // (another field's label read beside "Product / Model" in a row of labels, "Asset Cost", is no model)
    // ("Asset Cost 31,999.00" read after the label "Asset": "Cost" is the rest of another key)
    // (nor is a caption's last word: "Model Code" read as the model "Code"; nor a lone word without a digit: the
    // letterhead's "RETAIL ASSET FINANCE" read after the label word "Asset")
    accept: (s) => s.length >= 2 && !isLabelText(s, V('amount').labels) && !/^(?:cost|value|val\b|price|amount|amt\b)/i.test(s) && !ASSET_CAPTION.test(s) && !MONEY_ONLY.test(s) && !/^(?:code|no|number|name|details?)\b/i.test(s) && (/\s/.test(s.trim()) || /\d/.test(s)),
  }) ?? assetGridCell(model) ?? sentenceAsset(model) ?? itemCell(model);
  // The asset's price (what the invoice total is checked against), else the financed amount.
  const amountLabels = V('amount').labels;
  const rankOf = (v: number) => amountLabels.findIndex((l) => model.layout.find([l]).some((p) => findAmounts(p.value).some((a) => Math.abs(a.value - v) < 0.005)));
  let paired = labelledAmount(model, amountLabels, { pairsOnly: true });
  // a pair under a lesser label ("Amount (Rs.)" heading a cost table's column) while a better label's row
  // prints its amount on its line ("Total Cost of Tractor & Implements   Rs. 9,24,000.00"): that row
  const pairedRank = paired && typeof paired.value === 'number' ? rankOf(paired.value) : -1;
  const better = paired && pairedRank > 0 ? labelledAmount(model, amountLabels.slice(0, pairedRank), { via: ['same-line', 'right'] }) : undefined;
  if (better) paired = better;
  found.amount = paired ?? labelledAmount(
    model,
    [/asset\s*(?:cost|value|price)/i, amountLabels[2], /(?:cost|value|price)\s*of\s*(?:the\s*)?(?:asset|product|device|vehicle|goods)/i, /(?:invoice|total|product|device)\s*(?:amount|value|cost|price)/i, /(?:loan|finance|disbursement|net)\s*amount/i, /\bamount\b/i],
    { via: ['same-line', 'right'] },
  ) ?? amountUnderCaption(model, amountLabels.slice(0, 6)) ?? sentenceAmount(model);
  // Candidates competed and the better label lost: an amount read under a lesser label ("Loan Amount") while a
  // preferred one ("Asset Cost") is printed on the page but its value was not read is in doubt (review).
  const amount = found.amount;
  if (amount && typeof amount.value === 'number' && !better) {
    const v = amount.value;
    const rank = rankOf(v);
    if (rank > 0 && labelSegments(model, amountLabels.slice(0, rank)).length) amount.confidence_score = Math.min(amount.confidence_score, OUTRANKED_CAP);
  }

  // The down payment plus the loan make the asset's price on a lender's slip: an amount they miss by paise
  // alone ("30999.60" against 6,699.00 + 24,300.00) had a paise digit misread (the printed arithmetic contradicts it).
  const price = found.amount;
  if (price && typeof price.value === 'number') {
    const down = labelledAmount(model, [/down\s*(?:payment|pmt)|margin\s*money/i], { via: ['same-line', 'right'] })?.value;
    const loan = labelledAmount(model, [/loan\s*(?:amt|amount)/i], { via: ['same-line', 'right'] })?.value;
    if (typeof down === 'number' && typeof loan === 'number') {
      const gap = Math.abs(down + loan - price.value);
      if (gap > 0.005 && gap < 1) price.confidence_score = Math.min(price.confidence_score, OUTRANKED_CAP);
    }
  }

  return { found };
};
