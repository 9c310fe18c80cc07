/**
 * An imported text file's bytes as text, in the encoding the bytes show: a byte order mark says it
 * (UTF-8 EF BB BF, UTF-16LE FF FE, UTF-16BE FE FF); without one, UTF-16 shows by its NUL bytes, which
 * every ASCII character (separators, digits, line ends, header words) has on the same side of each pair.
 * Anything else is UTF-8 (invalid sequences become U+FFFD, as File.text() does). Excel's "Unicode Text"
 * (xlUnicodeText, https://learn.microsoft.com/en-us/office/vba/api/Excel.XlFileFormat) is tab-separated
 * UTF-16LE with a BOM (http://www.herongyang.com/Unicode/Excel-Save-File-in-Unicode-Text-txt.html).
 */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

/** Bytes looked at for the NUL pattern. */
const SNIFF_BYTES = 4096;

function nulPattern(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, SNIFF_BYTES) & ~1;
  if (n < 2) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul += 1;
    if (bytes[i + 1] === 0) oddNul += 1;
  }
  const pairs = n / 2;
  // UTF-8 text has no NUL at all; UTF-16 of any script has one in every ASCII character's pair (at least
  // its separators and line ends), on the same side (the other side's only from the rare character like
  // U+4E00 whose low byte is 0).
  const side = (mine: number, other: number): boolean => mine >= Math.max(1, pairs * 0.1) && other * 4 < mine;
  if (side(oddNul, evenNul)) return 'utf-16le';
  if (side(evenNul, oddNul)) return 'utf-16be';
  return null;
}

/** The text and the encoding it was read in (read as UTF-8, Excel's "Unicode Text" gives names full of NULs). */
export function decodeTextFile(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  let encoding: TextEncodingName = 'utf-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) encoding = 'utf-16le';
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) encoding = 'utf-16be';
  else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) encoding = nulPattern(bytes) ?? 'utf-8';
  // The decoder drops the BOM of its own encoding.
  return { text: new TextDecoder(encoding).decode(bytes), encoding };
}
