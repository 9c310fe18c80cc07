/**
 * The last check of every import's drafts: the same schema the store keeps holdings by (types.ts). Drafts
 * the parsers built field by field pass a quick check by hand first (an import of thousands of rows need not
 * run zod on each); only one that fails it goes through the schema, for the schema's own message.
 */
import { isGameId } from '../../../../../shared/catalog/games';
import { HoldingSchema, MAX_NOTE, MAX_QUANTITY, type HoldingDraft } from '../types';

const DraftSchema = HoldingSchema.omit({ id: true, created: true, updated: true });

const money = (v: number | null): boolean => v === null || (Number.isInteger(v) && v >= 0 && v <= 1e12);
const SLUG = /^[A-Za-z0-9][\w.:-]{0,63}$/;

function plainlyValid(d: HoldingDraft): boolean {
  const name = d.name.trim();
  return (
    isGameId(d.game) &&
    name.length > 0 &&
    name.length <= 500 &&
    Number.isInteger(d.quantity) &&
    d.quantity >= 1 &&
    d.quantity <= MAX_QUANTITY &&
    money(d.unitCost) &&
    money(d.fee) &&
    d.acquired === null &&
    (d.lockedUntil === null || (Number.isInteger(d.lockedUntil) && d.lockedUntil >= 0 && d.lockedUntil <= 8.64e15)) &&
    (d.place === null ||
      (d.place.kind === 'market'
        ? SLUG.test(d.place.slug)
        : d.place.text.trim().length > 0 && d.place.text.length <= 200)) &&
    d.note.length <= MAX_NOTE
  );
}

/** null when the draft is a valid holding; else a sentence naming the field and why. */
export function checkDraft(draft: HoldingDraft): string | null {
  // A draft with a day goes through the schema: it checks the day exists.
  if (plainlyValid(draft)) return null;
  const parsed = DraftSchema.safeParse(draft);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') || 'the row';
  return `${where}: ${issue?.message ?? 'not valid'}`;
}
