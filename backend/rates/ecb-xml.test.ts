/** The strict reader of the ECB's rate files: the real layout (gesmes envelope, single quotes) reads; anything else is a sentence. */
import { describe, expect, it } from 'vitest';
import { EcbFormatError, parseEcbRates } from './ecb-xml';
import { ecbXml, standinDays } from '../testing/ecb-standin';

/** eurofxref-daily.xml of 28 June 2024 as the ECB served it (five of its rates; the layout, tabs and quotes as the ECB writes them). */
const DAILY_2024_06_28 = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='2024-06-28'>
\t\t\t<Cube currency='USD' rate='1.0705'/>
\t\t\t<Cube currency='JPY' rate='171.94'/>
\t\t\t<Cube currency='GBP' rate='0.84638'/>
\t\t\t<Cube currency='IDR' rate='17487.21'/>
\t\t\t<Cube currency='CNY' rate='7.7748'/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;

const wrap = (cube: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube>${cube}</Cube></gesmes:Envelope>`;

describe('parseEcbRates', () => {
  it('reads the ECB daily file: one day, 1 EUR = rate units of each currency', () => {
    expect(parseEcbRates(DAILY_2024_06_28)).toEqual([
      { date: '2024-06-28', perEuro: { USD: 1.0705, JPY: 171.94, GBP: 0.84638, IDR: 17487.21, CNY: 7.7748 } },
    ]);
  });

  it('reads a 90-day file listed newest first, returning the days oldest first', () => {
    const days = standinDays({ from: '2026-12-21', to: '2027-01-05' });
    const parsed = parseEcbRates(ecbXml(days));
    expect(parsed.map((d) => d.date)).toEqual([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-04',
      '2027-01-05',
    ]);
    expect(parsed).toEqual(days);
  });

  it('accepts double quotes, a BOM and comments, as any XML writer may produce them', () => {
    const text = `\ufeff${wrap(`<!-- mirror --><Cube time="2026-11-27"><Cube currency="USD" rate="1.0832"/></Cube>`)}`;
    expect(parseEcbRates(text)).toEqual([{ date: '2026-11-27', perEuro: { USD: 1.0832 } }]);
  });

  it.each([
    ['an HTML page', '<html><body>Maintenance</body></html>', /not an ECB rates file/],
    [
      'a DOCTYPE (no DTD, no entities)',
      `<!DOCTYPE x [<!ENTITY e "x">]>${wrap("<Cube time='2026-11-27'><Cube currency='USD' rate='1.1'/></Cube>")}`,
      /declaration/,
    ],
    ['a truncated file', DAILY_2024_06_28.slice(0, 400), /ends before|malformed/],
    ['a mismatched tag', wrap("<Cube time='2026-11-27'><Cube currency='USD' rate='1.1'/></Cub>"), /mismatched/],
    [
      'no namespace',
      DAILY_2024_06_28.replace(' xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"', ''),
      /vocabulary/,
    ],
    ['no day', wrap(''), /no day/],
    [
      'a date that does not exist',
      wrap("<Cube time='2026-02-30'><Cube currency='USD' rate='1.1'/></Cube>"),
      /not a date/,
    ],
    [
      'a day twice',
      wrap(
        "<Cube time='2026-11-27'><Cube currency='USD' rate='1.1'/></Cube><Cube time='2026-11-27'><Cube currency='USD' rate='1.1'/></Cube>",
      ),
      /twice/,
    ],
    [
      'a currency twice',
      wrap("<Cube time='2026-11-27'><Cube currency='USD' rate='1.1'/><Cube currency='USD' rate='1.2'/></Cube>"),
      /USD twice/,
    ],
    [
      'a rate that is not a number',
      wrap("<Cube time='2026-11-27'><Cube currency='USD' rate='1,08'/></Cube>"),
      /not a positive number/,
    ],
    ['a zero rate', wrap("<Cube time='2026-11-27'><Cube currency='USD' rate='0'/></Cube>"), /not a positive number/],
    [
      'a currency that is not a code',
      wrap("<Cube time='2026-11-27'><Cube currency='usd' rate='1.1'/></Cube>"),
      /ISO 4217/,
    ],
    ['an undefined entity', wrap("<Cube time='2026-11-27'><Cube currency='&x;' rate='1.1'/></Cube>"), /entity/],
    ['a rate without its currency', wrap("<Cube time='2026-11-27'><Cube rate='1.1'/></Cube>"), /currency and rate/],
    ['an empty file', '', /empty/],
  ])('refuses %s with a sentence', (_name, text, message) => {
    expect(() => parseEcbRates(text)).toThrow(EcbFormatError);
    expect(() => parseEcbRates(text)).toThrow(message);
  });
});
