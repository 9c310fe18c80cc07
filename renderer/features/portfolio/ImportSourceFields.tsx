/** The import dialog's inputs: which source to read, and the file chooser or the pasted list. */
import type { GameId } from '../../../shared/catalog/games';
import type { ImportSource } from './useImportDialog';

const SOURCES = [
  ['csv', 'CSV file'],
  ['steam', 'Steam inventory JSON file'],
  ['paste', 'Pasted list'],
] as const;

export function ImportSourcePicker({
  id,
  source,
  onChoose,
}: {
  id: string;
  source: ImportSource;
  onChoose(s: ImportSource): void;
}) {
  return (
    <fieldset className="field field--fieldset">
      <legend className="field__label">From</legend>
      <div className="pf-inline" role="radiogroup">
        {SOURCES.map(([s, label]) => (
          <label key={s} className="pf-radio">
            <input type="radio" name={`${id}-src`} value={s} checked={source === s} onChange={() => onChoose(s)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function PastedListField({
  id,
  pasted,
  onChange,
  onPreview,
}: {
  id: string;
  pasted: string;
  onChange(text: string): void;
  onPreview(): void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-paste`}>
        One item per line
      </label>
      <textarea
        id={`${id}-paste`}
        className="input pf-paste"
        rows={6}
        placeholder={'2x AK-47 | Redline (Field-Tested)\nAWP | Asiimov (Field-Tested)'}
        value={pasted}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="pf-inline">
        <button type="button" className="btn btn--small" disabled={!pasted.trim()} onClick={onPreview}>
          Preview
        </button>
      </div>
    </div>
  );
}

export function ImportFileField({
  id,
  source,
  game,
  onFile,
}: {
  id: string;
  source: 'csv' | 'steam';
  game: GameId;
  onFile(file: File | undefined): void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-file`}>
        {source === 'csv'
          ? 'CSV file (name, quantity, cost, date, market, locked until, note: headers are matched loosely)'
          : `Inventory JSON saved from steamcommunity.com/inventory/<SteamID64>/${game}/2`}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        className="input"
        accept={source === 'csv' ? '.csv,text/csv,text/plain' : '.json,application/json'}
        onChange={(e) => onFile(e.target.files?.[0])}
      />
    </div>
  );
}
