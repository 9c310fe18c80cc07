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
export function defaultDataDir(): string {
  return fileURLToPath(new URL('../../data/', import.meta.url));
}

export function catalogPath(gameId: number, dataDir?: string | URL): string {
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

export function loadCatalog(gameId: number, dataDir?: string | URL): Catalog {
  return parseCatalog(gameId, readFileSync(catalogPath(gameId, dataDir), 'utf8'));
}
