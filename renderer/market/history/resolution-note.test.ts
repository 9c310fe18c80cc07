import { describe, expect, it } from 'vitest';
import { DAY, HOUR } from './chunk-codec';
import { resolutionNote } from './resolution-note';

const label = (t: number) => `T${t / DAY}`;

describe('resolutionNote', () => {
  it('says every refresh when nothing is consolidated', () => {
    expect(resolutionNote([{ from: 0, to: DAY, resolutionMs: 0 }], label)).toEqual({
      step: 0,
      text: 'Every refresh’s prices.',
    });
  });

  it('hourly, then every refresh', () => {
    const n = resolutionNote(
      [
        { from: 0, to: 2 * DAY, resolutionMs: HOUR },
        { from: 2 * DAY, to: 3 * DAY, resolutionMs: 0 },
      ],
      label,
    );
    expect(n.step).toBe(HOUR);
    expect(n.text).toBe(
      'Until T2: each market’s price at the end of every hour (older history is consolidated); best ask and best bid at every refresh. Since then: every refresh’s prices.',
    );
  });

  it('daily, then every refresh (the default: daily as soon as full resolution ends)', () => {
    const n = resolutionNote(
      [
        { from: 0, to: 5 * DAY, resolutionMs: DAY },
        { from: 5 * DAY, to: 7 * DAY, resolutionMs: 0 },
      ],
      label,
    );
    expect(n.step).toBe(DAY);
    expect(n.text).toBe(
      'Until T5: each market’s price at the end of every day (older history is consolidated); best ask and best bid at every refresh. Since then: every refresh’s prices.',
    );
  });

  it('daily until the hourly days, hourly until the recent ones', () => {
    const n = resolutionNote(
      [
        { from: 0, to: 3 * DAY, resolutionMs: DAY },
        { from: 3 * DAY, to: 8 * DAY, resolutionMs: HOUR },
        { from: 8 * DAY, to: 10 * DAY, resolutionMs: 0 },
      ],
      label,
    );
    expect(n.step).toBe(DAY);
    expect(n.text).toBe(
      'Until T3: each market’s price at the end of every day, then at the end of every hour until T8 (older history is consolidated); best ask and best bid at every refresh. Since then: every refresh’s prices.',
    );
  });
});
