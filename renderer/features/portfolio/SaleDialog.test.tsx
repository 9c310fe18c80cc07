import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SaleDialog } from './SaleDialog';

describe('Record sale', () => {
  it('its money inputs say the currency they take: the service’s', () => {
    const html = renderToStaticMarkup(
      <SaleDialog game={730} name="AK" held={1} existing={null} onClose={() => undefined} onDone={() => undefined} />,
    );
    expect(html).toContain('Price per item (USD)');
    expect(html).toContain('Fee taken (USD)');
  });
});
