import { createPaddleEngine } from '#adapters/ocr/paddle.ts';
import { generateCorpus } from './test/fixtures/documents/generate.ts';
const deg = await generateCorpus({ seed: 11, perType: 8, degraded: true, pdfs: false, types: ['PAN', 'AADHAAR'] });
const e = createPaddleEngine();
const mask = (s: string) => s.replace(/\d{4}\s?\d{4}\s?(\d{4})/g, 'XXXXXXXX$1');
for (const f of deg.filter((d) => /rotate_90/.test(d.degradation))) {
  const t = performance.now();
  const b = await e.recognise(f.bytes);
  console.log(f.id, f.degradation, ((performance.now() - t) / 1000).toFixed(2), 's', mask(JSON.stringify(f.printed)));
  console.log(mask(b.filter((x) => x.BlockType === 'LINE').map((x) => `${x.Confidence!.toFixed(0)} ${x.Text} @${x.Geometry!.BoundingBox.Left.toFixed(2)},${x.Geometry!.BoundingBox.Top.toFixed(2)}`).join('\n').slice(0, 600)));
}
await e.close();
