/**
 * Loads a committed catalog (service/data/catalog-<gameId>.tsv, written by `npm run catalog`): one file read
 * and a split, a few tens of milliseconds for CS2, so start-up stays fast and runtime never needs the
 * item-data package.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { decodeCode } from './catalog-code';

export interface Catalog {
  readonly gameId: number;
  readonly names: readonly string[];
  /** Category letter's char code per item. */
  readonly cat: Uint8Array;
  readonly priceClass: Uint8Array;
  readonly volumeClass: Uint8Array;
}

/** Default data directory, relative to this module (dev/tsx and tests). A bundle passes `dataDir` instead. */
function defaultDataDir(): string {
  return fileURLToPath(new URL('../../data/', import.meta.url));
}

function catalogPath(gameId: number, dataDir?: string | URL): string {
  const dir = dataDir === undefined ? defaultDataDir() : typeof dataDir === 'string' ? dataDir : fileURLToPath(dataDir);
  return join(dir, `catalog-${gameId}.tsv`);
}

export function parseCatalog(gameId: number, text: string): Catalog {
  const lines = text.split('\n');
  const names: string[] = [];
  const cat: number[] = [];
  const pc: number[] = [];
  const vc: number[] = [];
  for (const line of lines) {
    if (line === '' || line.startsWith('#')) continue;
    const tab = line.indexOf('\t');
    if (tab !== 3) throw new Error(`catalog ${gameId}: bad line ${JSON.stringify(line.slice(0, 80))}`);
    const code = decodeCode(line.slice(0, 3));
    names.push(line.slice(4).replace(/\r$/, ''));
    cat.push(code.cat.charCodeAt(0));
    pc.push(code.priceClass);
    vc.push(code.volumeClass);
  }
  return {
    gameId,
    names,
    cat: Uint8Array.from(cat),
    priceClass: Uint8Array.from(pc),
    volumeClass: Uint8Array.from(vc),
  };
}

/**
 * A slice of a catalog: every `every`-th item, plus the items whose names match `keep` (a RegExp source).
 * The same simulated market on fewer items: for tests about behaviour rather than scale, where each page
 * load of a whole catalog costs seconds of browser time.
 */
export interface CatalogSlice {
  every: number;
  keep?: string;
}

export function sliceCatalog(c: Catalog, slice: CatalogSlice): Catalog {
  if (!Number.isInteger(slice.every) || slice.every < 1)
    throw new Error(`catalog slice: every must be a positive integer, got ${slice.every}`);
  const keep = slice.keep ? new RegExp(slice.keep, 'u') : null;
  const idx: number[] = [];
  c.names.forEach((name, i) => {
    if (i % slice.every === 0 || keep?.test(name)) idx.push(i);
  });
  return {
    gameId: c.gameId,
    names: idx.map((i) => c.names[i] as string),
    cat: Uint8Array.from(idx, (i) => c.cat[i] as number),
    priceClass: Uint8Array.from(idx, (i) => c.priceClass[i] as number),
    volumeClass: Uint8Array.from(idx, (i) => c.volumeClass[i] as number),
  };
}

export function loadCatalog(gameId: number, dataDir?: string | URL): Catalog {
  return parseCatalog(gameId, readFileSync(catalogPath(gameId, dataDir), 'utf8'));
}
