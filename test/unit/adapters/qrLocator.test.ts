import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import QRCode from 'qrcode';
import { findQrCodes } from '#adapters/qrLocator.ts';
import { maskRegions } from '#adapters/imageRedaction.ts';

async function cardWithQr(text: string, at: { left: number; top: number }) {
  const qr = await QRCode.toBuffer(text, { width: 300, margin: 2 });
  const card = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#f4f4f4' } })
    .composite([{ input: qr, left: at.left, top: at.top }]).png().toBuffer();
  return card;
}

describe('QR codes on a card', () => {
  it('are found where they are, in normalised coordinates', async () => {
    const [box] = await findQrCodes(await cardWithQr('synthetic secure QR payload 1234', { left: 800, top: 400 }));
    expect(box.Left).toBeGreaterThan(0.62);
    expect(box.Left).toBeLessThan(0.7);
    expect(box.Top).toBeGreaterThan(0.48);
    expect(box.Left + box.Width).toBeLessThan(0.95);
  });

  it('cannot be read after redaction, and a card without one finds none', async () => {
    const card = await cardWithQr('another synthetic payload', { left: 100, top: 100 });
    const boxes = await findQrCodes(card);
    expect(boxes).toHaveLength(1);
    const redacted = await maskRegions(card, boxes);
    expect(await findQrCodes(redacted)).toEqual([]);
    const plain = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect(await findQrCodes(plain)).toEqual([]);
  });
});
