// Documents are accepted by what their bytes are, never by their name or Content-Type header.

export type AcceptedFileType = 'image/jpeg' | 'image/png' | 'application/pdf';

const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PDF = Buffer.from('%PDF-', 'latin1');
/** PDF readers accept leading junk before the header; the PDF reference allows 1024 bytes. */
const PDF_HEADER_WINDOW = 1024;

export function sniffFileType(bytes: Buffer): AcceptedFileType | undefined {
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.subarray(0, PDF_HEADER_WINDOW).indexOf(PDF) !== -1) return 'application/pdf';
  return undefined;
}
