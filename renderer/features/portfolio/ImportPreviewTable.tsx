/** An import's rows before anything is added: what each line became, or why it cannot be imported. */
import { formatMoney, MISSING, type MoneyFormat } from '../../../shared/money/money';
import type { ImportPreview } from './model/types';

export function previewCounts(p: ImportPreview): { ok: number; bad: number; warned: number } {
  let ok = 0;
  let bad = 0;
  let warned = 0;
  for (const r of p.rows) {
    if (r.error || !r.draft) bad++;
    else {
      ok++;
      if (r.warning) warned++;
    }
  }
  return { ok, bad, warned };
}

export function ImportPreviewTable({ preview, money }: { preview: ImportPreview; money: MoneyFormat }) {
  const { ok, bad, warned } = previewCounts(preview);
  return (
    <div className="pf-preview" data-testid="pf-import-preview">
      <p className="field__hint" aria-live="polite" data-testid="pf-import-summary">
        {ok} {ok === 1 ? 'row' : 'rows'} to import{bad ? `, ${bad} with an error (left out)` : ''}
        {warned ? `, ${warned} with a warning` : ''}.
        {preview.columns
          ? ` Columns read: ${Object.entries(preview.columns.used)
              .map(([f, c]) => `${f} ← “${c}”`)
              .join(', ')}.`
          : ''}
        {preview.columns?.ignored.length ? ` Ignored: ${preview.columns.ignored.map((c) => `“${c}”`).join(', ')}.` : ''}
      </p>
      <div className="pf-preview__scroll">
        <table className="pf-table">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Item</th>
              <th scope="col" className="pf-numcol">
                Qty
              </th>
              <th scope="col" className="pf-numcol">
                Unit cost
              </th>
              <th scope="col">Acquired</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr
                key={r.line}
                className={r.error ? 'is-error' : r.warning ? 'is-warn' : undefined}
                data-testid={r.error ? 'pf-import-bad-row' : 'pf-import-row'}
              >
                <td>{r.line}</td>
                <td title={r.text}>{r.draft?.name ?? r.text}</td>
                <td className="pf-numcol">{r.draft?.quantity ?? MISSING}</td>
                <td className="pf-numcol">{formatMoney(r.draft?.unitCost ?? null, money)}</td>
                <td>{r.draft?.acquired ?? MISSING}</td>
                <td>
                  {r.error ? (
                    <span className="pf-bad">{r.error}</span>
                  ) : r.warning ? (
                    <span className="pf-warn">{r.warning}</span>
                  ) : (
                    'OK'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
