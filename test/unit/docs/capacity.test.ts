// docs/capacity-and-cost.md prices Step Functions by the transitions a file and an execution take; the
// counts it states must be what statemachines/pipeline.asl.json implies, recomputed here from the JSON.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

interface State {
  Type: string;
  Next?: string;
  End?: boolean;
  Default?: string;
  Choices?: { Next: string }[];
  Catch?: { Next: string }[];
  ItemProcessor?: Machine;
  Iterator?: Machine;
}
interface Machine { StartAt: string; States: Record<string, State> }

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const asl = JSON.parse(read('statemachines/pipeline.asl.json')) as Machine;
const doc = read('docs/capacity-and-cost.md');

/** Every path from `from` to an end, following Next and Choice branches (Catch edges only where asked). */
function paths(machine: Machine, from: string, opts: { catchAt?: string } = {}, seen: string[] = []): string[][] {
  if (seen.includes(from)) throw new Error(`loop through ${from}: transitions per file are unbounded`);
  const state = machine.States[from];
  if (!state) throw new Error(`no state ${from}`);
  const here = [...seen, from];
  if (opts.catchAt === from) {
    return (state.Catch ?? []).flatMap((c) => paths(machine, c.Next, {}, here));
  }
  if (state.Type === 'Succeed' || state.Type === 'Fail' || state.End) return [here];
  const next = state.Type === 'Choice' ? [...(state.Choices ?? []).map((c) => c.Next), ...(state.Default ? [state.Default] : [])] : [state.Next!];
  return [...new Set(next)].flatMap((n) => paths(machine, n, opts, here));
}

/** The number in the row of the document's transition table labelled `label`. */
function stated(label: string): number {
  const row = doc.split('\n').find((l) => l.startsWith(`| ${label} |`));
  if (!row) throw new Error(`docs/capacity-and-cost.md has no row "${label}"`);
  return Number(row.split('|')[2].trim());
}

const mapState = Object.entries(asl.States).find(([, s]) => s.Type === 'Map');
const [mapName, map] = mapState!;
const perFile = map.ItemProcessor ?? map.Iterator!;

describe('docs/capacity-and-cost.md transition counts', () => {
  it('per successful file: every path through the Map iteration', () => {
    const lengths = new Set(paths(perFile, perFile.StartAt).map((p) => p.length));
    // The document states one number: image and PDF paths must agree for it to be true.
    expect(lengths.size).toBe(1);
    expect(stated('per file, success (image or PDF)')).toBe([...lengths][0]);
  });

  it('per file whose download failed: the first state, then its Catch path', () => {
    const failed = paths(perFile, perFile.StartAt, { catchAt: perFile.StartAt }).map((p) => p.length);
    expect(new Set(failed).size).toBe(1);
    expect(stated('per file, download failed')).toBe(failed[0]);
  });

  it('per execution: the states outside the Map, the Map itself counted once', () => {
    const lengths = paths(asl, asl.StartAt).map((p) => p.length);
    expect(paths(asl, asl.StartAt).every((p) => p[0] === mapName)).toBe(true);
    expect(stated('per execution, fixed, least (batch without callback)')).toBe(Math.min(...lengths));
    expect(stated('per execution, fixed, most (flow with callback)')).toBe(Math.max(...lengths));
  });

  it('the counter sees a change to the ASL (the check can fail)', () => {
    const longer: Machine = JSON.parse(JSON.stringify(perFile));
    const last = Object.entries(longer.States).find(([, s]) => s.End && s.Type === 'Task')![0];
    longer.States[last] = { ...longer.States[last], End: undefined, Next: 'Extra' };
    longer.States.Extra = { Type: 'Pass', End: true };
    const lengths = new Set(paths(longer, longer.StartAt).map((p) => p.length));
    expect([...lengths]).not.toContain(stated('per file, success (image or PDF)'));
  });
});
