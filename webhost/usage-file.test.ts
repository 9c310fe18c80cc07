/** The web host's request-count file: a round trip, no file is no record, and a failed write leaves the last good one. */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RequestMeter, USAGE_FORMAT } from '../backend/request-meter';
import { FakeClock } from '../backend/testing/fake-clock';
import { fileUsageStore } from './usage-file';

// An ignored folder of the checkout (.cache/ is in .gitignore).
const dir = path.resolve('.cache', `test-usage-files-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fileUsageStore', () => {
  it('keeps the counts across a restart, and a missing file is no record', () => {
    const file = path.join(dir, 'a', 'request-usage.json');
    const clock = new FakeClock();
    const first = new RequestMeter({ store: fileUsageStore(file), clock });
    expect(first.snapshot('https://api.example.test').last30Days).toBe(0);
    first.record('https://api.example.test/api/v2/graphql', { status: 200, headers: new Headers() });
    expect((JSON.parse(readFileSync(file, 'utf8')) as { v: number }).v).toBe(USAGE_FORMAT);
    const second = new RequestMeter({ store: fileUsageStore(file), clock });
    expect(second.snapshot('https://api.example.test').last30Days).toBe(1);
  });

  it('a failed write leaves the last good file and is reported; a damaged file starts afresh', () => {
    const folder = path.join(dir, 'b');
    const file = path.join(folder, 'request-usage.json');
    const clock = new FakeClock();
    const meter = new RequestMeter({ store: fileUsageStore(file), clock });
    meter.record('https://api.example.test/x', null);
    const good = readFileSync(file, 'utf8');
    // The temp file's name taken by a folder: the write fails before the rename.
    mkdirSync(`${file}.${process.pid}.tmp`, { recursive: true });
    meter.record('https://api.example.test/x', null);
    expect(meter.snapshot('https://api.example.test').problem).toMatch(/could not be saved/);
    expect(readFileSync(file, 'utf8')).toBe(good);
    writeFileSync(file, '{not json');
    const fresh = new RequestMeter({ store: fileUsageStore(file), clock });
    expect(fresh.snapshot('https://api.example.test')).toMatchObject({ last30Days: 0 });
    expect(fresh.snapshot('https://api.example.test').problem).toMatch(/could not be read/);
  });
});
