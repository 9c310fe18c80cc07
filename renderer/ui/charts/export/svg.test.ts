import { describe, expect, it } from 'vitest';
import type { Provenance } from '../types';
import { fetchedText, provenanceLine } from './provenance';
import { composeChartSvg, escapeXml, wrapText, type ComposeInput, type ExportTheme } from './svg';

const LIGHT: ExportTheme = {
  background: 'rgb(255, 255, 255)',
  text: 'rgb(11, 16, 24)',
  textDim: 'rgb(74, 85, 102)',
  textFaint: 'rgb(86, 97, 111)',
  border: 'rgb(179, 188, 200)',
  fontFamily: 'system-ui, "Segoe UI", sans-serif',
};

/** What recharts draws (axes, bars), as capture.ts hands it over: styles inlined, no legend. */
const PLOT =
  '<svg xmlns="http://www.w3.org/2000/svg" class="recharts-surface" width="400" height="200" viewBox="0 0 400 200">' +
  '<g class="recharts-cartesian-axis"><text x="10" y="190" style="fill:rgb(74, 85, 102)">$1.2k</text></g>' +
  '<g class="recharts-bar"><path d="M60,20h40v160h-40z" style="fill:rgb(31, 111, 214)"/></g>' +
  '</svg>';

const PROVENANCE: Provenance = {
  fetchedAt: Date.UTC(2026, 10, 23, 14, 5, 59),
  source: 'Demo data (built-in reference service)',
  game: 'Counter-Strike 2',
  markets: ['Steam Community Market', 'BUFF163'],
  unstable: ['Low volume'],
};

function input(over: Partial<ComposeInput> = {}): ComposeInput {
  return {
    title: 'AK-47 | Redline (FT) & friends <sales>',
    subtitle: 'Median price per day',
    plot: { width: 400, height: 200, markup: PLOT },
    legend: [
      { text: 'Steam', color: 'rgb(31, 111, 214)' },
      {
        text: 'BUFF163 "asks"',
        color: 'rgb(194, 116, 0)',
        icon: { markup: '<path d="M0,4h32v24h-32z" style="fill:rgb(194, 116, 0)"/>', viewBox: '0 0 32 32' },
      },
    ],
    footer: provenanceLine(PROVENANCE),
    theme: LIGHT,
    ...over,
  };
}

/** Tag balance of an XML string (no DOM in Node): every element closes, in order. */
function wellFormed(xml: string): boolean {
  const stack: string[] = [];
  for (const m of xml.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, close, name, selfClose] = m;
    if (selfClose) continue;
    if (close) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  return stack.length === 0 && !/&(?!amp;|lt;|gt;|quot;|apos;|#)/.test(xml);
}

describe('provenance footer', () => {
  it('says when, from where, which game, markets and unstable reasons', () => {
    expect(provenanceLine(PROVENANCE)).toBe(
      'Fetched 2026-11-23 14:05 UTC · Source: Demo data (built-in reference service) · Counter-Strike 2 · ' +
        'Markets: Steam Community Market, BUFF163 · Unstable: Low volume',
    );
    expect(
      provenanceLine({ fetchedAt: Number.NaN, source: 'api.example.com', game: 'Rust', markets: [], unstable: [] }),
    ).toBe('Fetched unknown time · Source: api.example.com · Rust');
    expect(fetchedText(Date.UTC(2026, 0, 2, 3, 4))).toBe('2026-01-02 03:04 UTC');
  });
});

describe('composeChartSvg', () => {
  it('is the whole chart: title, subtitle, plot, legend, footer, on the theme background', () => {
    const { svg, width, height } = composeChartSvg(input());
    expect(wellFormed(svg)).toBe(true);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain(`width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`);
    expect(width).toBe(432); // plot + 16 px each side
    expect(height).toBeGreaterThan(200 + 60);
    expect(svg).toContain('<title>AK-47 | Redline (FT) &amp; friends &lt;sales&gt;</title>');
    expect(svg).toContain('>Median price per day</text>');
    // The background is the first thing drawn, full size, in the theme's colour.
    expect(svg).toMatch(
      new RegExp(`</desc><rect x="0" y="0" width="${width}" height="${height}" fill="rgb\\(255, 255, 255\\)"/>`),
    );
    expect(svg).toContain(PLOT);
    expect(svg).toContain('>Steam</text>');
    expect(svg).toContain('>BUFF163 &quot;asks&quot;</text>');
    // A legend item without icon markup gets a swatch of its colour; one with markup keeps its icon.
    expect(svg).toContain('rx="2" fill="rgb(31, 111, 214)"');
    expect(svg).toContain('viewBox="0 0 32 32"><path d="M0,4h32v24h-32z"');
    expect(svg).toContain('Fetched 2026-11-23 14:05 UTC');
    expect(svg).toContain('Markets: Steam Community Market, BUFF163');
    expect(svg).toContain(`font-family="system-ui, &quot;Segoe UI&quot;, sans-serif"`);
  });

  it('puts legend items with an on-screen position where they were, relative to the plot', () => {
    const { svg } = composeChartSvg(
      input({
        subtitle: undefined,
        legend: [
          {
            text: 'Asks',
            color: '#16884a',
            at: { iconX: 150, iconY: 180, iconSize: 10, textX: 164, textBaseline: 189 },
          },
        ],
      }),
    );
    // Inside the plot's translated group, at the same coordinates.
    expect(svg).toMatch(
      /<g transform="translate\(16 \d+\)"><svg[^]*<\/svg><rect x="150" y="180" width="10" height="10" rx="2" fill="#16884a"\/><text x="164" y="189"[^>]*>Asks<\/text><\/g>/,
    );
  });

  it('wraps a long footer onto more lines and grows, never cuts it off', () => {
    const short = composeChartSvg(input());
    const longFooter = provenanceLine({
      ...PROVENANCE,
      unstable: Array.from({ length: 12 }, (_, i) => `Reason number ${i + 1}`),
    });
    const long = composeChartSvg(input({ footer: longFooter }));
    expect(long.height).toBeGreaterThan(short.height);
    expect((long.svg.match(/class="provenance"/g) ?? []).length).toBeGreaterThan(1);
    expect(long.svg).toContain('Reason number 1;');
  });

  it('escapes text and drops characters XML forbids', () => {
    expect(escapeXml(`a<b>&"c'\u0001`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });

  it('wrapText breaks at spaces within the width and marks a cut with an ellipsis', () => {
    const fits = (l: string) => l.length <= 10;
    expect(wrapText('aaa bbb ccc ddd', fits)).toEqual(['aaa bbb', 'ccc ddd']);
    expect(wrapText('aaa bbb ccc ddd eee fff', fits, 2)).toEqual(['aaa bbb', 'ccc ddd\u2026']);
  });
});
