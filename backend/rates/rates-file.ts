/**
 * The rates kept on disk: one versioned JSON file in the app's data folder (Electron's userData, the web
 * host's folder beside its key file), holding the user's rates settings, every day fetched and the last
 * attempt. Written to "<file>.tmp" and renamed over, so a crash or a full disk mid-write leaves the last good
 * file; a failed write is reported (RatesService shows it), never only logged. A file that cannot be read is
 * moved aside to "<file>.corrupt" (kept for inspection) and reported; one from a newer Market Desk is left
 * alone and not overwritten.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { MAX_KEPT_DAYS, RateDaySchema, RatesFetchStateSchema } from '../../shared/rates/schemas';
import type { RateDay, RatesFetchState } from '../../shared/rates/types';

export const RATES_FILE_NAME = 'exchange-rates.json';
const RATES_FILE_VERSION = 1;

export interface KeptRates {
  /** The user's choice; false until they turn rates on. */
  enabled: boolean;
  /** '' = the default address. */
  url: string;
  days: RateDay[];
  lastFetch: RatesFetchState | null;
}

const EMPTY_KEPT: KeptRates = { enabled: false, url: '', days: [], lastFetch: null };

const FileSchema = z.object({
  version: z.literal(RATES_FILE_VERSION),
  enabled: z.boolean(),
  url: z.string().max(2048),
  days: z.array(RateDaySchema).max(MAX_KEPT_DAYS),
  lastFetch: RatesFetchStateSchema.nullable(),
});

/** The file system calls used (tests inject a failing one; the default is node:fs/promises). */
export interface RatesFs {
  readFile(file: string): Promise<string>;
  writeFile(file: string, text: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(file: string): Promise<void>;
  mkdir(dir: string): Promise<void>;
}

export const nodeRatesFs: RatesFs = {
  readFile: (file) => readFile(file, 'utf8'),
  writeFile: (file, text) => writeFile(file, text, { mode: 0o600 }),
  rename: (from, to) => rename(from, to),
  rm: (file) => rm(file, { force: true }),
  mkdir: async (dir) => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  },
};

export interface RatesStore {
  /** What is kept, and a sentence when the file could not be read (then EMPTY_KEPT, or what could be saved). */
  load(): Promise<{ kept: KeptRates; error: string | null }>;
  /** Rejects with a sentence-bearing Error when the write failed; the previous file is then unchanged. */
  save(kept: KeptRates): Promise<void>;
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'EACCES' || code === 'EPERM') return 'no permission to write there';
  if (code === 'EROFS') return 'the disk is read-only';
  return error instanceof Error ? error.message : String(error);
}

export function fileRatesStore(file: string, fs: RatesFs = nodeRatesFs): RatesStore {
  /** Set when the file on disk is from a newer version: never overwrite it. */
  let frozen = false;
  return {
    async load() {
      let text: string;
      try {
        text = await fs.readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kept: { ...EMPTY_KEPT }, error: null };
        return {
          kept: { ...EMPTY_KEPT },
          error: `The exchange rates file ${file} could not be read (${reason(error)}).`,
        };
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      const version = (json as { version?: unknown } | undefined)?.version;
      if (typeof version === 'number' && version > RATES_FILE_VERSION) {
        frozen = true;
        return {
          kept: { ...EMPTY_KEPT },
          error: `The exchange rates file ${file} was written by a newer Market Desk; it is left as it is and rates are kept in memory only.`,
        };
      }
      const parsed = FileSchema.safeParse(json);
      if (parsed.success) {
        const { enabled, url, days, lastFetch } = parsed.data;
        return { kept: { enabled, url, days, lastFetch: lastFetch ?? null }, error: null };
      }
      const aside = `${file}.corrupt`;
      await fs.rename(file, aside).catch(() => undefined);
      return {
        kept: { ...EMPTY_KEPT },
        error: `The exchange rates file was damaged; it was moved to ${aside} and rates start afresh.`,
      };
    },
    async save(kept) {
      if (frozen) throw new Error('The exchange rates file is from a newer Market Desk and is not overwritten.');
      const temp = `${file}.tmp`;
      try {
        await fs.mkdir(path.dirname(file));
        await fs.writeFile(temp, JSON.stringify({ version: RATES_FILE_VERSION, ...kept }));
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp).catch(() => undefined);
        throw new Error(
          `The exchange rates could not be saved to ${file} (${reason(error)}); the last saved file is unchanged.`,
        );
      }
    },
  };
}

/** A store in memory (the web host without a data folder). */
export function memoryRatesStore(): RatesStore {
  let kept: KeptRates = { ...EMPTY_KEPT };
  return {
    load: async () => ({ kept: { ...kept }, error: null }),
    save: async (next) => {
      kept = { ...next };
    },
  };
}

/** Days merged by date (a day fetched again replaces the kept one: the ECB may correct it), oldest first. */
export function mergeDays(kept: readonly RateDay[], fetched: readonly RateDay[]): RateDay[] {
  const byDate = new Map(kept.map((d) => [d.date, d]));
  for (const day of fetched) byDate.set(day.date, day);
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)).slice(-MAX_KEPT_DAYS);
}
