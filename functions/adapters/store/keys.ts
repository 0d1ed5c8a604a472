/**
 * Key templates in the spirit of electrodb's (docs/decisions.md: why not electrodb itself): a key is
 * written once as text with its composite attributes in braces, `CLIENT#{clientId}#{kind:upper}#{id}`,
 * and the same template builds keys, reads them back and gives query prefixes. Codecs after a colon:
 * `upper` (stored upper case), `n` (a number), `n3`/`n6`/`n9` (zero-padded, so keys sort numerically), `uri`
 * (URI-encoded, so the part cannot contain the separator).
 */
import { tableSchema } from '../tableSchema.ts';

type Value = string | number;
interface Codec {
  format: (v: Value) => string;
  parse: (s: string) => Value;
  pattern: string;
}
const padded = (width: number): Codec => ({ format: (v) => String(v).padStart(width, '0'), parse: Number, pattern: '(\\d+)' });
const CODECS: Record<string, Codec> = {
  s: { format: String, parse: (s) => s, pattern: '(.+?)' },
  upper: { format: (v) => String(v).toUpperCase(), parse: (s) => s.toLowerCase(), pattern: '(.+?)' },
  uri: { format: (v) => encodeURIComponent(String(v)), parse: decodeURIComponent, pattern: '(.+?)' },
  n: { format: String, parse: Number, pattern: '(\\d+)' },
  n3: padded(3),
  n6: padded(6),
  n9: padded(9),
};

/** The composite attributes a template names, typed: numbers for the padded codecs, strings else. */
type Spec<V extends string> = V extends `${infer N}:${infer C}` ? [N, C] : [V, 's'];
type Vars<T extends string> = T extends `${string}{${infer V}}${infer R}` ? V | Vars<R> : never;
export type Composite<T extends string> = { [V in Vars<T> as Spec<V>[0]]: Spec<V>[1] extends 'n' | `n${number}` ? number : string };

export interface KeyTemplate<A> {
  readonly text: string;
  format(a: A): string;
  /** The composite attributes of a key made by this template; undefined when it is not one. */
  parse(key: string): A | undefined;
  /** The literal text before the first composite (a begins_with prefix). */
  readonly prefix: string;
}

export function template<T extends string>(text: T): KeyTemplate<Composite<T>> {
  const parts = text.split(/\{([^}]+)\}/); // literal, var, literal, var, ..., literal
  const vars = parts.filter((_, i) => i % 2).map((v) => {
    const [name, codec = 's'] = v.split(':');
    if (!CODECS[codec]) throw new Error(`key template ${text}: unknown codec ${codec}`);
    return { name, codec: CODECS[codec] };
  });
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Lazy parts: only the last composite may hold the separator (an applicant's reference, an outbox key).
  const pattern = parts.map((p, i) => (i % 2 ? vars[(i - 1) / 2].codec.pattern : escape(p)));
  const regex = new RegExp(`^${pattern.join('')}$`);
  return {
    text,
    prefix: parts[0],
    format: (a) =>
      parts.map((p, i) => {
        if (!(i % 2)) return p;
        const { name, codec } = vars[(i - 1) / 2];
        const v = (a as Record<string, Value | undefined>)[name];
        // A key with "undefined" in it would be written and never found again.
        if (v === undefined || v === null) throw new Error(`key template ${text}: ${name} is missing`);
        return codec.format(v);
      }).join(''),
    parse: (key) => {
      const m = regex.exec(key);
      return m ? (Object.fromEntries(vars.map((v, i) => [v.name, v.codec.parse(m[i + 1])])) as Composite<T>) : undefined;
    },
  };
}

const { partitionKey: PK, sortKey: SK, gsi1: GSI1 } = tableSchema;
export type TableKey = { [PK]: string; [SK]: string };
export type Gsi1Key = { [GSI1.partitionKey]: string; [GSI1.sortKey]: string };

export interface Entity<P extends string, S extends string> {
  readonly name: string;
  readonly pk: KeyTemplate<Composite<P>>;
  readonly sk: KeyTemplate<Composite<S>>;
  key(a: Composite<P> & Composite<S>): TableKey;
  parseKey(k: TableKey): (Composite<P> & Composite<S>) | undefined;
}
export interface Indexed<P extends string, S extends string> {
  readonly pk: KeyTemplate<Composite<P>>;
  readonly sk: KeyTemplate<Composite<S>>;
  key(a: Composite<P> & Composite<S>): Gsi1Key;
}

interface Declaration {
  name: string;
  pk: string;
  sk: string;
  /** Its key on gsi1, when it is listed there. */
  gsi1?: { pk: string; sk: string };
  /** How its `expiresAt` (the table's TTL attribute) is computed; absent: it does not expire. */
  ttl?: (...args: never[]) => number;
}
type EntityOf<D extends Declaration> = Entity<D['pk'], D['sk']>
  & (D['gsi1'] extends { pk: infer GP extends string; sk: infer GS extends string } ? { gsi1: Indexed<GP, GS> } : unknown)
  & (D['ttl'] extends (...args: never[]) => number ? { ttl: D['ttl'] } : unknown);

/** An item kind of the table: its primary key, its gsi1 key when listed there, its TTL. */
export function entity<const D extends Declaration>(decl: D): EntityOf<D> {
  type Loose = Record<string, Value>;
  const pk = template(decl.pk) as KeyTemplate<Loose>;
  const sk = template(decl.sk) as KeyTemplate<Loose>;
  const gsi1 = decl.gsi1 && { pk: template(decl.gsi1.pk) as KeyTemplate<Loose>, sk: template(decl.gsi1.sk) as KeyTemplate<Loose> };
  return {
    name: decl.name,
    pk,
    sk,
    key: (a: Loose): TableKey => ({ [PK]: pk.format(a), [SK]: sk.format(a) }),
    parseKey: (k: TableKey) => {
      const p = pk.parse(k[PK]);
      const s = sk.parse(k[SK]);
      return p && s ? { ...p, ...s } : undefined;
    },
    ...(gsi1 ? { gsi1: { ...gsi1, key: (a: Loose): Gsi1Key => ({ [GSI1.partitionKey]: gsi1.pk.format(a), [GSI1.sortKey]: gsi1.sk.format(a) }) } } : {}),
    ...(decl.ttl ? { ttl: decl.ttl } : {}),
  } as unknown as EntityOf<D>;
}
