import { createPaddleEngine } from '#adapters/ocr/paddle.ts';
import { generateCorpus } from './test/fixtures/documents/generate.ts';
const deg = await generateCorpus({ seed: 11, perType: 8, degraded: true, pdfs: false, types: ['PAN', 'AADHAAR'] });
const e = createPaddleEngine();
for (const f of deg.filter((d) => /rotate_90|photo|clean/.test(d.degradation))) {
  const t = performance.now();
  const b = await e.recognise(f.bytes);
  console.log(f.id, f.degradation, ((performance.now() - t) / 1000).toFixed(2), 's', JSON.stringify(f.printed).replace(/\d{8}(\d{4})/, 'XXXXXXXX$1'));
  console.log(b.filter((x) => x.BlockType === 'LINE').map((x) => `${x.Confidence!.toFixed(0)} ${x.Text.replace(/\d{4} \d{4} (\d{4})/g, 'XXXX XXXX $1')} @${x.Geometry!.BoundingBox.Left.toFixed(2)},${x.Geometry!.BoundingBox.Top.toFixed(2)}`).join('\n').slice(0, 800));
}
await e.close();
