import { describe, expect, it } from 'vitest';
import { alertMarkText, alertMarks, hasAlertOn, type AlertOnItem } from './alert-marks';
import { ask, snapshotOf } from '../../../market/model/test-helpers';

const names = [
  'AK-47 | Redline (Field-Tested)',
  'AWP | Asiimov (Field-Tested)',
  'Chroma 2 Case',
  'Sticker | Crown (Foil)',
];
const snap = snapshotOf(
  names.map((n) => ({ market_hash_name: n, prices: [ask('steam', 10_000)] })),
  [],
  ['steam'],
  [],
);
const on = (item: string, over: Partial<AlertOnItem> = {}): AlertOnItem => ({
  game: 730,
  item,
  enabled: true,
  ...over,
});
const off = (item: string, over: Partial<AlertOnItem> = {}) => on(item, { enabled: false, ...over });

describe('alertMarks', () => {
  it('counts the alerts on (low bits) and off (high bits) per row, this game only, unknown items left out', () => {
    expect(snap.names).toEqual(names);
    const marks = alertMarks(snap, [
      on(names[0]!),
      on(names[0]!),
      off(names[0]!),
      off(names[2]!),
      on(names[3]!),
      on(names[1]!, { game: 570 }),
      on('Not In This Snapshot'),
    ]);
    expect([...marks]).toEqual([0x12, 0x00, 0x10, 0x01]);
  });
  it('is empty without a snapshot, all zero without alerts', () => {
    expect(alertMarks(null, [on(names[0]!)])).toHaveLength(0);
    expect([...alertMarks(snap, [])]).toEqual([0, 0, 0, 0]);
  });
  it('caps each count at 15', () => {
    const many = Array.from({ length: 20 }, () => on(names[1]!)).concat(
      Array.from({ length: 17 }, () => off(names[1]!)),
    );
    expect(alertMarks(snap, many)[1]).toBe(0xff);
  });
});

describe('alertMarkText', () => {
  it('says how many, and which are off', () => {
    expect(alertMarkText(0)).toBeNull();
    expect(alertMarkText(0x01)).toBe('1 alert');
    expect(alertMarkText(0x02)).toBe('2 alerts');
    expect(alertMarkText(0x12)).toBe('2 alerts, 1 off');
    expect(alertMarkText(0x10)).toBe('1 alert, off');
    expect(alertMarkText(0x30)).toBe('3 alerts, off');
    expect(alertMarkText(0xff)).toBe('15+ alerts, 15+ off');
  });
  it('hasAlertOn: at least one alert on', () => {
    expect([0, 0x01, 0x10, 0x12].map(hasAlertOn)).toEqual([false, true, false, true]);
  });
});
