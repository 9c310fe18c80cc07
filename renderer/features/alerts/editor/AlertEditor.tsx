/**
 * The alert editor: a modal dialog for a new alert on an item or an edit of one. It shows the item's prices
 * now, what the condition means there (already past the line? when does it re-arm? for a change, the change
 * so far within the window, from the local price history), and the recommendations' unstable reasons. Enter
 * saves, Esc cancels; a value that makes no sense keeps the dialog open with a message at the field, and
 * nothing typed is lost. It wires the model hooks (useEditedAlert, useItemNowPrices, useAlertDraft,
 * useDraftObservation, useHistoryChange, useAlertSubmit) to the dialog's parts.
 */
import { useId, useRef } from 'react';
import { useMoneyFormat, usePref } from '../../../lib/preferences';
import { GRID_PREFS, useMarketPlan } from '../../../market/prefs';
import { ConditionNow } from './ConditionNow';
import { EditorFooter } from './EditorFooter';
import { EditorHeader } from './EditorHeader';
import { EditorOptions } from './EditorOptions';
import { closeAlertEditor, type AlertEditorRequest } from '../../../requests/alert-editor';
import { useItemReasons } from '../hooks';
import { KindPicker } from './KindPicker';
import { MarketField } from './MarketField';
import { NoiseFields } from './NoiseFields';
import { NowPricesLine } from './NowPricesLine';
import { StabilityNote } from './StabilityNote';
import { ThresholdField } from './ThresholdField';
import { useAlertDraft } from './useAlertDraft';
import { useAlertSubmit, type EditorDone } from './useAlertSubmit';
import { useDraftObservation } from './useDraftObservation';
import { useEditedAlert } from './useEditedAlert';
import { useEditorDialog } from './useEditorDialog';
import { useHistoryChange } from './useHistoryChange';
import { useItemNowPrices } from './useItemNowPrices';
import '../alerts.css';

export function AlertEditor({ request, onDone }: { request: AlertEditorRequest; onDone: EditorDone }) {
  const { existing, game, item, state, gone } = useEditedAlert(request);
  const [gridNet] = usePref(GRID_PREFS.net);
  const money = useMoneyFormat();
  const plan = useMarketPlan(game);
  const now = useItemNowPrices(game, item, request.mode === 'new' ? request.snap : null, existing?.net ?? gridNet);
  const { draft, errors, setErrors, set, marketChoices, parsedCondition } = useAlertDraft(existing, now, gridNet, plan);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstRef = useRef<HTMLInputElement | null>(null);
  const id = useId();
  const unstable = useItemReasons(game, item);
  useEditorDialog(dialogRef, firstRef);
  const obs = useDraftObservation(item, draft, parsedCondition, now);
  const historyChange = useHistoryChange(game, item, draft, obs?.value ?? null, now);
  const { save, remove, failure, saving } = useAlertSubmit({
    existing,
    game,
    item,
    draft,
    marketChoices,
    setErrors,
    obs,
    now,
    nameOf: plan.nameOf,
    money,
    dialogRef,
    onDone,
  });

  return (
    <dialog
      ref={dialogRef}
      className="dialog al-dialog"
      aria-labelledby={`${id}-title`}
      data-testid="alert-editor"
      onCancel={(e) => {
        e.preventDefault();
        closeAlertEditor();
      }}
    >
      <form
        className="al-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <EditorHeader titleId={`${id}-title`} title={existing ? 'Edit alert' : 'New alert'} item={item} game={game} />
        {gone ? <p className="al-form__problem">This alert was deleted meanwhile. Close the dialog.</p> : null}
        <NowPricesLine now={now} net={draft.net} money={money} nameOf={plan.nameOf} />
        <KindPicker name={`${id}-kind`} kind={draft.kind} set={set} />
        <div className="al-row">
          <ThresholdField id={id} draft={draft} errors={errors} money={money} set={set} inputRef={firstRef} />
          {draft.kind === 'mark' ? null : (
            <MarketField id={id} market={draft.market} choices={marketChoices} errors={errors} set={set} />
          )}
        </div>
        <ConditionNow
          draft={draft}
          obs={obs}
          parsed={parsedCondition}
          money={money}
          nameOf={plan.nameOf}
          existing={existing}
          state={state}
          historyChange={historyChange}
        />
        <NoiseFields id={id} draft={draft} errors={errors} game={game} item={item} money={money} set={set} />
        <EditorOptions
          net={draft.net}
          silent={draft.silent}
          enabled={draft.enabled}
          showEnabled={existing !== null}
          set={set}
        />
        <StabilityNote unstable={unstable} />
        {failure ? (
          <p className="al-form__problem" role="alert">
            {failure}
          </p>
        ) : null}
        <EditorFooter editing={existing !== null} submitDisabled={saving || gone} onDelete={remove} />
      </form>
    </dialog>
  );
}
