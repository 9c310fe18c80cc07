/**
 * The committed icons are well-formed containers with every size the installers need. (Whether they match
 * build/icon.svg is checked by the packaging check, which re-renders them.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeIco, ICNS_TYPES, ICO_SIZES, LINUX_SIZES } from './make-icons.mjs';

const build = path.resolve(import.meta.dirname, '..', 'build');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('build/ icons', () => {
  it('Linux PNGs in every size, and build/icon.png at 1024', () => {
    for (const size of LINUX_SIZES)
      expect(pngSize(readFileSync(path.join(build, 'icons', `${size}x${size}.png`)))).toEqual([size, size]);
    expect(pngSize(readFileSync(path.join(build, 'icon.png')))).toEqual([1024, 1024]);
  });

  it('icon.ico: one entry per Windows size, bitmaps below 256 and a PNG at 256, offsets inside the file', () => {
    const ico = readFileSync(path.join(build, 'icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, ICO_SIZES.length]);
    ICO_SIZES.forEach((size, i) => {
      const entry = ico.subarray(6 + 16 * i, 22 + 16 * i);
      expect(entry[0] || 256).toBe(size);
      expect(entry.readUInt16LE(6)).toBe(32);
      const [length, offset] = [entry.readUInt32LE(8), entry.readUInt32LE(12)];
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      const image = ico.subarray(offset, offset + length);
      if (size === 256) expect(pngSize(image)).toEqual([256, 256]);
      else
        expect([image.readUInt32LE(0), image.readInt32LE(4), image.readInt32LE(8), image.readUInt16LE(14)]).toEqual([
          40,
          size,
          size * 2,
          32,
        ]);
    });
  });

  it('icon.icns: the container length and PNG chunks of every macOS size', () => {
    const icns = readFileSync(path.join(build, 'icon.icns'));
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const chunks: [string, number][] = [];
    for (let at = 8; at < icns.length;) {
      const length = icns.readUInt32BE(at + 4);
      chunks.push([icns.toString('latin1', at, at + 4), pngSize(icns.subarray(at + 8, at + length))[0]]);
      at += length;
    }
    expect(chunks).toEqual(ICNS_TYPES);
  });

  it('encodeIco writes straight BGRA bottom-up with a transparency mask', () => {
    // 2x2: top row red opaque + transparent, bottom row green + blue half transparent.
    const rgba = Uint8Array.from([255, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 255, 0, 0, 255, 128]);
    const ico = encodeIco([{ size: 2, png: new Uint8Array(), rgba }]);
    const pixels = ico.subarray(22 + 40, 22 + 40 + 16);
    expect([...pixels]).toEqual([0, 255, 0, 255, 255, 0, 0, 128, 0, 0, 255, 255, 0, 0, 0, 0]);
    const mask = ico.subarray(22 + 40 + 16);
    expect([mask[0], mask[4]]).toEqual([0, 0x40]); // bottom row opaque; top row's second pixel transparent
  });
});
