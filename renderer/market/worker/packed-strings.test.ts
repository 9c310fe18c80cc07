import { describe, expect, it } from 'vitest';
import {
  isPackedStrings,
  packStrings,
  packedTransferables,
  StringPacker,
  stringAt,
  unpackStrings,
} from './packed-strings';

// Names of every kind the catalog has, and the odd ones a JSON string can still carry.
const NAMES = [
  'AK-47 | Redline (Field-Tested)',
  '',
  '\u2605 Karambit | Fade (Factory New)',
  'StatTrak\u2122 M4A1-S | Hyper Beast (Minimal Wear)',
  'Sticker | "Q", \u{1F525}',
  'a\u0000b',
  '\uFEFFleading byte-order mark',
  'lone \uD800 surrogate',
];

describe('packed strings: one buffer of UTF-16 code units and the ends', () => {
  it('round-trips every kind of name exactly, and reads each one alone', () => {
    const p = packStrings(NAMES);
    expect(p.ends.length).toBe(NAMES.length);
    expect(p.codes.length).toBe(NAMES.join('').length);
    expect(unpackStrings(p)).toEqual(NAMES);
    NAMES.forEach((name, i) => expect(stringAt(p, i)).toBe(name));
  });

  it('keeps a name that is longer than one fromCharCode call', () => {
    const long = 'x'.repeat(5000) + '\u2605' + 'y'.repeat(3000);
    const p = packStrings(['a', long, 'b']);
    expect(stringAt(p, 1)).toBe(long);
    expect(unpackStrings(p)).toEqual(['a', long, 'b']);
  });

  it('packs batch by batch (a list read while it downloads) as it packs the whole', () => {
    const list: string[] = [];
    const packer = new StringPacker();
    let packed = 0;
    for (let i = 0; i < 3000; i++) {
      list.push(`${NAMES[i % NAMES.length] as string} #${i}`);
      // Batches of 1 to 97 names, and a growing buffer on the way.
      if (i % 97 === i % 13 || i === 2999) {
        packer.addAll(list, packed);
        packed = list.length;
      }
    }
    expect(packer.length).toBe(list.length);
    const p = packer.finish();
    expect(unpackStrings(p)).toEqual(list);
    expect(p.codes).toEqual(packStrings(list).codes);
  });

  it('packs nothing as nothing', () => {
    const p = packStrings([]);
    expect(unpackStrings(p)).toEqual([]);
    expect(isPackedStrings(p, 0)).toBe(true);
    expect(unpackStrings(packStrings(['']))).toEqual(['']);
  });

  it('gives the buffers to transfer', () => {
    const p = packStrings(['a', 'b']);
    expect(packedTransferables(p)).toEqual([p.codes.buffer, p.ends.buffer]);
  });

  it('refuses a posted value that is not a packing of n strings', () => {
    const p = packStrings(['ab', 'c']);
    expect(isPackedStrings(p, 2)).toBe(true);
    expect(isPackedStrings(p, 3)).toBe(false);
    expect(isPackedStrings({ codes: p.codes, ends: new Uint32Array([2, 1]) }, 2)).toBe(false);
    expect(isPackedStrings({ codes: p.codes, ends: new Uint32Array([2, 4]) }, 2)).toBe(false);
    expect(isPackedStrings({ codes: Array.from(p.codes), ends: p.ends }, 2)).toBe(false);
    expect(isPackedStrings('ab\u0000c', 2)).toBe(false);
    expect(isPackedStrings(null, 0)).toBe(false);
  });
});
