#!/usr/bin/env node
/**
 * `npm run icons`: draws every icon the installers need from the one vector mark, build/icon.svg.
 *
 *   build/icons/NxN.png   Linux (AppImage, deb): 16 … 1024
 *   build/icon.png        1024x1024, the fallback electron-builder uses where nothing more specific is set
 *   build/icon.ico        Windows (exe and NSIS installer): 16, 24, 32, 48, 64, 128, 256
 *   build/icon.icns       macOS (dmg, .app): 16 … 1024 with @2x, the mark inside Apple's icon grid
 *
 * Pure JS: resvg (Rust compiled to WebAssembly) rasterizes; the ICO and ICNS containers are written here (both
 * are a small header, a directory and the images). The output is deterministic, so the files are committed as
 * build inputs and `node scripts/make-icons.mjs --check` (run by the packaging check) fails when they are out of
 * date with the SVG.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(root, 'build');

export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** ICNS chunk types holding PNG data, with their pixel size (icp4/icp5 are 16 and 32 at 1x; ic11… are @2x). */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['icp5', 32],
  ['ic11', 32],
  ['ic12', 64],
  ['ic07', 128],
  ['ic08', 256],
  ['ic13', 256],
  ['ic09', 512],
  ['ic14', 512],
  ['ic10', 1024],
];

let wasmReady = null;
function ensureWasm() {
  const wasm = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
  wasmReady ??= initWasm(readFileSync(wasm));
  return wasmReady;
}

/** @returns {{ png: Uint8Array, rgba: Uint8Array }} the PNG and straight (not premultiplied) RGBA pixels */
function rasterize(svg, size) {
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: size }, font: { loadSystemFonts: false } });
  const image = resvg.render();
  try {
    if (image.width !== size || image.height !== size)
      throw new Error(`rendered ${image.width}x${image.height}, wanted ${size}`);
    // resvg hands out tiny-skia's premultiplied pixels; ICO's bitmaps want straight alpha.
    const rgba = Uint8Array.from(image.pixels);
    for (let i = 0; i < rgba.length; i += 4) {
      const a = rgba[i + 3];
      if (a === 0 || a === 255) continue;
      for (let c = 0; c < 3; c++) rgba[i + c] = Math.min(255, Math.round((rgba[i + c] * 255) / a));
    }
    return { png: image.asPng(), rgba };
  } finally {
    image.free();
    resvg.free();
  }
}

/**
 * macOS draws app icons on a 1024 grid with the body 824 wide, centred, and a soft shadow (Apple's template):
 * the same mark, its rounded square scaled to that body.
 */
export function macSvg(svg) {
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const scale = 824 / 15; // the mark's rounded square spans 0.5…15.5 of its 16-unit box
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
  <defs><filter id="mac-shadow" x="-10%" y="-10%" width="120%" height="130%">
    <feDropShadow dx="0" dy="10" stdDeviation="12" flood-color="#000000" flood-opacity="0.3"/>
  </filter></defs>
  <g filter="url(#mac-shadow)"><g transform="translate(100 100) scale(${scale}) translate(-0.5 -0.5)">${inner}</g></g>
</svg>`;
}

/** ICO: 32-bit BGRA bitmaps (with their AND mask) below 256 px for every Windows shell and tool; PNG at 256. */
export function encodeIco(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  const blobs = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png, rgba } of images) {
    const blob = size >= 256 ? Buffer.from(png) : bitmapEntry(size, rgba);
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // 0 means 256
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(blob.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += blob.length;
    entries.push(entry);
    blobs.push(blob);
  }
  return Buffer.concat([header, ...entries, ...blobs]);
}

function bitmapEntry(size, rgba) {
  const maskStride = Math.ceil(size / 32) * 4; // 1 bit a pixel, rows padded to 32 bits
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0); // BITMAPINFOHEADER
  info.writeInt32LE(size, 4);
  info.writeInt32LE(size * 2, 8); // colour bitmap + mask
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  info.writeUInt32LE(0, 16); // BI_RGB
  info.writeUInt32LE(size * size * 4 + maskStride * size, 20);
  const pixels = Buffer.alloc(size * size * 4);
  const mask = Buffer.alloc(maskStride * size);
  for (let y = 0; y < size; y++) {
    const row = size - 1 - y; // bottom-up
    for (let x = 0; x < size; x++) {
      const from = (y * size + x) * 4;
      const to = (row * size + x) * 4;
      pixels[to] = rgba[from + 2];
      pixels[to + 1] = rgba[from + 1];
      pixels[to + 2] = rgba[from];
      pixels[to + 3] = rgba[from + 3];
      if (rgba[from + 3] === 0) mask[row * maskStride + (x >> 3)] |= 0x80 >> (x & 7); // transparent for old shells
    }
  }
  return Buffer.concat([info, pixels, mask]);
}

/** ICNS: 'icns', total length, then (type, length, PNG) chunks; all big-endian. */
export function encodeIcns(chunks) {
  const parts = chunks.map(({ type, png }) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'latin1');
    head.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([head, Buffer.from(png)]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'latin1');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}

/** Every output file, path relative to the repository, and its bytes. */
export async function makeIcons(svg) {
  await ensureWasm();
  const files = new Map();
  const cache = new Map();
  const render = (size) => {
    if (!cache.has(size)) cache.set(size, rasterize(svg, size));
    return cache.get(size);
  };
  for (const size of LINUX_SIZES) files.set(`build/icons/${size}x${size}.png`, Buffer.from(render(size).png));
  files.set('build/icon.png', Buffer.from(render(1024).png));
  files.set('build/icon.ico', encodeIco(ICO_SIZES.map((size) => ({ size, ...render(size) }))));
  const mac = macSvg(svg);
  const macCache = new Map();
  const renderMac = (size) => {
    if (!macCache.has(size)) macCache.set(size, rasterize(mac, size).png);
    return macCache.get(size);
  };
  files.set('build/icon.icns', encodeIcns(ICNS_TYPES.map(([type, size]) => ({ type, png: renderMac(size) }))));
  return files;
}

async function main() {
  const check = process.argv.includes('--check');
  const svg = await readFile(path.join(buildDir, 'icon.svg'), 'utf8');
  const files = await makeIcons(svg);
  const stale = [];
  for (const [relative, bytes] of files) {
    const file = path.join(root, relative);
    if (check) {
      if (!existsSync(file) || !bytes.equals(readFileSync(file))) stale.push(relative);
      continue;
    }
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }
  if (check) {
    if (stale.length > 0) {
      console.error(`Icons out of date with build/icon.svg (run \`npm run icons\`): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log(`Icons up to date: ${files.size} files from build/icon.svg.`);
  } else {
    console.log(`Wrote ${files.size} icon files from build/icon.svg: ${[...files.keys()].join(', ')}`);
  }
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  main().catch((error) => {
    console.error(`Icons failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
