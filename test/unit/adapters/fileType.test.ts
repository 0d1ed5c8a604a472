import { describe, expect, it } from 'vitest';
import { sniffFileType } from '#adapters/fileType.ts';

describe('sniffFileType', () => {
  it('recognises JPEG by FF D8 FF', () => {
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]))).toBe('image/jpeg');
  });

  it('recognises PNG by its 8-byte signature', () => {
    expect(sniffFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe('image/png');
  });

  it('recognises PDF at the start and after leading junk within 1024 bytes', () => {
    expect(sniffFileType(Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1'))).toBe('application/pdf');
    expect(sniffFileType(Buffer.concat([Buffer.alloc(500, 0x20), Buffer.from('%PDF-1.4\n')]))).toBe('application/pdf');
  });

  it('rejects a PDF marker beyond the first 1024 bytes', () => {
    expect(sniffFileType(Buffer.concat([Buffer.alloc(2000, 0x20), Buffer.from('%PDF-1.4\n')]))).toBeUndefined();
  });

  it('rejects text, HTML, other images, truncated signatures and empty input', () => {
    expect(sniffFileType(Buffer.from('hello, this is plain text'))).toBeUndefined();
    expect(sniffFileType(Buffer.from('<html><body>Access Denied</body></html>'))).toBeUndefined();
    expect(sniffFileType(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBeUndefined();
    expect(sniffFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(sniffFileType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
    expect(sniffFileType(Buffer.from('%PDF'))).toBeUndefined();
    expect(sniffFileType(Buffer.alloc(0))).toBeUndefined();
  });
});
