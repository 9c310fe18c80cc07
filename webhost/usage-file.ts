/**
 * Where the web host keeps its request counts (backend/request-meter.ts): a JSON file in its data folder,
 * beside the key file (default ~/.config/market-desk/request-usage.json). Written to a temp file and renamed
 * over, so a crash or a full disk mid-write leaves the last good record; a missing file is no record.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { UsageRecord, UsageStore } from '../backend/request-meter';

export const USAGE_FILE_NAME = 'request-usage.json';

export function fileUsageStore(file: string): UsageStore {
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return JSON.parse(text) as unknown;
    },
    save(record: UsageRecord) {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(temp, JSON.stringify(record), { mode: 0o600 });
        renameSync(temp, file);
      } catch (error) {
        try {
          rmSync(temp, { force: true });
        } catch {
          // the write's own error is the one to report
        }
        throw error;
      }
    },
  };
}
