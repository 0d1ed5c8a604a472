import { createPaddleEngine } from '#adapters/ocr/paddle.ts';
import { generateCorpus } from './test/fixtures/documents/generate.ts';
const fx = await generateCorpus({ seed: 11, perType: 1, pdfs: false, types: ['PAN', 'INVOICE'] });
const deg = await generateCorpus({ seed: 11, perType: 3, degraded: true, pdfs: false, types: ['PAN'] });
const e = createPaddleEngine();
for (const f of [...fx, ...deg]) {
  const t = performance.now();
  const b = await e.recognise(f.bytes);
  console.log(f.id, f.degradation, ((performance.now() - t) / 1000).toFixed(2), 's');
  console.log(b.filter((x) => x.BlockType === 'LINE').map((x) => `${x.Confidence!.toFixed(0)} ${x.Text} @${x.Geometry!.BoundingBox.Left.toFixed(2)},${x.Geometry!.BoundingBox.Top.toFixed(2)}`).join('\n').slice(0, 1500));
}
await e.close();
