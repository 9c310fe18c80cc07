import { describe, expect, it } from 'vitest';
import { decodeTextFile } from './decode-file';

const TEXT = 'name\tqty\r\nStatTrak™ AK-47 | Redline (Field-Tested)\t2\r\n★ Karambit\t1\r\n';

function utf16(text: string, order: 'le' | 'be', bom: boolean): Uint8Array {
  const out: number[] = bom ? (order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (order === 'le') out.push(c & 0xff, c >> 8);
    else out.push(c >> 8, c & 0xff);
  }
  return Uint8Array.from(out);
}

describe('decodeTextFile', () => {
  it.each([
    ['UTF-16LE with BOM (Excel "Unicode Text")', utf16(TEXT, 'le', true), 'utf-16le'],
    ['UTF-16BE with BOM', utf16(TEXT, 'be', true), 'utf-16be'],
    ['UTF-16LE without BOM', utf16(TEXT, 'le', false), 'utf-16le'],
    ['UTF-16BE without BOM', utf16(TEXT, 'be', false), 'utf-16be'],
    ['UTF-8 with BOM', Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(TEXT)]), 'utf-8'],
    ['UTF-8', new TextEncoder().encode(TEXT), 'utf-8'],
  ] as const)('%s', (_, bytes, encoding) => {
    const out = decodeTextFile(bytes);
    expect(out.encoding).toBe(encoding);
    expect(out.text).toBe(TEXT);
    expect(out.text).not.toContain('\u0000');
  });

  it('an empty file and a one-byte file are UTF-8', () => {
    expect(decodeTextFile(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
    expect(decodeTextFile(Uint8Array.from([0x41]))).toEqual({ text: 'A', encoding: 'utf-8' });
  });

  it('mostly non-Latin UTF-16 without BOM (few NUL bytes) is still found by the pattern of the ASCII it has', () => {
    const t = 'name\tqty\r\n' + '武器箱\t1\r\n'.repeat(20);
    expect(decodeTextFile(utf16(t, 'le', false)).text).toBe(t);
  });
});
