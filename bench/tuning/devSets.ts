/**
 * The layout sets the tuning tools may read: the dev sets (written apart from the extractor, used
 * for tuning). The blind sets are not here on purpose: no tuning tool may look at them.
 */
import type { BlindLayout } from '../../test/fixtures/documents/blind/kit.ts';
import { FAMILIES as DEV1, devLayout, generateDevCorpus } from '../../test/fixtures/documents/dev/index.ts';
import { FAMILIES as DEV2, dev2Layout, generateDev2Corpus } from '../../test/fixtures/documents/dev2/index.ts';
import { FAMILIES as DEV3, dev3Layout, generateDev3Corpus } from '../../test/fixtures/documents/dev3/index.ts';
import { FAMILIES as DEV4, dev4Layout, generateDev4Corpus } from '../../test/fixtures/documents/dev4/index.ts';
import { FAMILIES as DEV5, dev5Layout, generateDev5Corpus } from '../../test/fixtures/documents/dev5/index.ts';
import { FAMILIES as DEV6, dev6Layout, generateDev6Corpus } from '../../test/fixtures/documents/dev6/index.ts';
import { FAMILIES as DEV7, dev7Layout, generateDev7Corpus } from '../../test/fixtures/documents/dev7/index.ts';
import { FAMILIES as DEV8, dev8Layout, generateDev8Corpus } from '../../test/fixtures/documents/dev8/index.ts';
import { FAMILIES as DEV9, dev9Layout, generateDev9Corpus } from '../../test/fixtures/documents/dev9/index.ts';
import { FAMILIES as DEV10, dev10Layout, generateDev10Corpus } from '../../test/fixtures/documents/dev10/index.ts';
import { FAMILIES as DEV11, dev11Layout, generateDev11Corpus } from '../../test/fixtures/documents/dev11/index.ts';
import { FAMILIES as DEV12, dev12Layout, generateDev12Corpus } from '../../test/fixtures/documents/dev12/index.ts';
import { FAMILIES as DEV13, dev13Layout, generateDev13Corpus } from '../../test/fixtures/documents/dev13/index.ts';
import { FAMILIES as DEV14, dev14Layout, generateDev14Corpus } from '../../test/fixtures/documents/dev14/index.ts';
import { FAMILIES as DEV15, dev15Layout, generateDev15Corpus } from '../../test/fixtures/documents/dev15/index.ts';
import { FAMILIES as DEV16, dev16Layout, generateDev16Corpus } from '../../test/fixtures/documents/dev16/index.ts';
import { FAMILIES as DEV17, dev17Layout, generateDev17Corpus } from '../../test/fixtures/documents/dev17/index.ts';
import { FAMILIES as DEV18, dev18Layout, generateDev18Corpus } from '../../test/fixtures/documents/dev18/index.ts';
import { FAMILIES as DEV19, dev19Layout, generateDev19Corpus } from '../../test/fixtures/documents/dev19/index.ts';
import { FAMILIES as DEV20, dev20Layout, generateDev20Corpus } from '../../test/fixtures/documents/dev20/index.ts';
import { FAMILIES as DEV21, dev21Layout, generateDev21Corpus } from '../../test/fixtures/documents/dev21/index.ts';
import { FAMILIES as DEV22, dev22Layout, generateDev22Corpus } from '../../test/fixtures/documents/dev22/index.ts';
import { FAMILIES as DEV23, dev23Layout, generateDev23Corpus } from '../../test/fixtures/documents/dev23/index.ts';
import { FAMILIES as DEV24, dev24Layout, generateDev24Corpus } from '../../test/fixtures/documents/dev24/index.ts';
import { FAMILIES as DEV25, dev25Layout, generateDev25Corpus } from '../../test/fixtures/documents/dev25/index.ts';
import { FAMILIES as DEV26, dev26Layout, generateDev26Corpus } from '../../test/fixtures/documents/dev26/index.ts';
import { FAMILIES as DEV27, dev27Layout, generateDev27Corpus } from '../../test/fixtures/documents/dev27/index.ts';
import { FAMILIES as DEV28, dev28Layout, generateDev28Corpus } from '../../test/fixtures/documents/dev28/index.ts';
import { FAMILIES as DEV29, dev29Layout, generateDev29Corpus } from '../../test/fixtures/documents/dev29/index.ts';
import { FAMILIES as DEV30, dev30Layout, generateDev30Corpus } from '../../test/fixtures/documents/dev30/index.ts';
import { FAMILIES as DEV31, dev31Layout, generateDev31Corpus } from '../../test/fixtures/documents/dev31/index.ts';
import { FAMILIES as DEV32, dev32Layout, generateDev32Corpus } from '../../test/fixtures/documents/dev32/index.ts';
import { FAMILIES as DEV33, dev33Layout, generateDev33Corpus } from '../../test/fixtures/documents/dev33/index.ts';
import type { LayoutSetOptions, LayoutSetSpec } from '../../test/fixtures/documents/layoutSet.ts';

export interface DevSet {
  name: 'dev' | 'dev2' | 'dev3' | 'dev4' | 'dev5' | 'dev6' | 'dev7' | 'dev8' | 'dev9' | 'dev10' | 'dev11' | 'dev12' | 'dev13' | 'dev14' | 'dev15' | 'dev16' | 'dev17' | 'dev18' | 'dev19' | 'dev20' | 'dev21' | 'dev22' | 'dev23' | 'dev24' | 'dev25' | 'dev26' | 'dev27' | 'dev28' | 'dev29' | 'dev30' | 'dev31' | 'dev32' | 'dev33';
  families: Record<string, Record<string, unknown>>;
  layout: (seed: number, family: string, i: number) => BlindLayout;
  generate: (opts: Pick<LayoutSetOptions<string>, 'seed' | 'perLayout' | 'degraded'>) => LayoutSetSpec<string>[];
}

export const DEV_SETS: readonly DevSet[] = [
  { name: 'dev', families: DEV1, layout: devLayout, generate: generateDevCorpus },
  { name: 'dev2', families: DEV2, layout: dev2Layout, generate: generateDev2Corpus },
  { name: 'dev3', families: DEV3, layout: dev3Layout, generate: generateDev3Corpus },
  { name: 'dev4', families: DEV4, layout: dev4Layout, generate: generateDev4Corpus },
  { name: 'dev5', families: DEV5, layout: dev5Layout, generate: generateDev5Corpus },
  { name: 'dev6', families: DEV6, layout: dev6Layout, generate: generateDev6Corpus },
  { name: 'dev7', families: DEV7, layout: dev7Layout, generate: generateDev7Corpus },
  { name: 'dev8', families: DEV8, layout: dev8Layout, generate: generateDev8Corpus },
  { name: 'dev9', families: DEV9, layout: dev9Layout, generate: generateDev9Corpus },
  { name: 'dev10', families: DEV10, layout: dev10Layout, generate: generateDev10Corpus },
  { name: 'dev11', families: DEV11, layout: dev11Layout, generate: generateDev11Corpus },
  { name: 'dev12', families: DEV12, layout: dev12Layout, generate: generateDev12Corpus },
  { name: 'dev13', families: DEV13, layout: dev13Layout, generate: generateDev13Corpus },
  { name: 'dev14', families: DEV14, layout: dev14Layout, generate: generateDev14Corpus },
  { name: 'dev15', families: DEV15, layout: dev15Layout, generate: generateDev15Corpus },
  { name: 'dev16', families: DEV16, layout: dev16Layout, generate: generateDev16Corpus },
  { name: 'dev17', families: DEV17, layout: dev17Layout, generate: generateDev17Corpus },
  { name: 'dev18', families: DEV18, layout: dev18Layout, generate: generateDev18Corpus },
  { name: 'dev19', families: DEV19, layout: dev19Layout, generate: generateDev19Corpus },
  { name: 'dev20', families: DEV20, layout: dev20Layout, generate: generateDev20Corpus },
  { name: 'dev21', families: DEV21, layout: dev21Layout, generate: generateDev21Corpus },
  { name: 'dev22', families: DEV22, layout: dev22Layout, generate: generateDev22Corpus },
  { name: 'dev23', families: DEV23, layout: dev23Layout, generate: generateDev23Corpus },
  { name: 'dev24', families: DEV24, layout: dev24Layout, generate: generateDev24Corpus },
  { name: 'dev25', families: DEV25, layout: dev25Layout, generate: generateDev25Corpus },
  { name: 'dev26', families: DEV26, layout: dev26Layout, generate: generateDev26Corpus },
  { name: 'dev27', families: DEV27, layout: dev27Layout, generate: generateDev27Corpus },
  { name: 'dev28', families: DEV28, layout: dev28Layout, generate: generateDev28Corpus },
  { name: 'dev29', families: DEV29, layout: dev29Layout, generate: generateDev29Corpus },
  { name: 'dev30', families: DEV30, layout: dev30Layout, generate: generateDev30Corpus },
  { name: 'dev31', families: DEV31, layout: dev31Layout, generate: generateDev31Corpus },
  { name: 'dev32', families: DEV32, layout: dev32Layout, generate: generateDev32Corpus },
  { name: 'dev33', families: DEV33, layout: dev33Layout, generate: generateDev33Corpus },
];

/** The dev set a family belongs to. */
export function devSetOf(family: string): DevSet {
  const set = DEV_SETS.find((s) => Object.values(s.families).some((byFamily) => family in byFamily));
  if (!set) throw new Error(`no dev set has a family ${family}`);
  return set;
}
