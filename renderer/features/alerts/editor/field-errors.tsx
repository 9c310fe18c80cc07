/**
 * A draft field's link to its message: the attributes that mark the input invalid and point at the message,
 * and the message itself (read out when it appears). Every field part of the editor uses both.
 */
import type { DraftErrors, DraftField } from '../model/draft';

export interface FieldAttributes {
  'data-field': DraftField;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The input's attributes for `name`: where a failed save focuses (data-field), invalid, described by its message. */
export function fieldProps(id: string, errors: DraftErrors, name: DraftField): FieldAttributes {
  return {
    'data-field': name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-err` : undefined,
  };
}

/** The field's message from the last save, if any. */
export function FieldError({ id, errors, name }: { id: string; errors: DraftErrors; name: DraftField }) {
  return errors[name] ? (
    <p id={`${id}-${name}-err`} className="field__error" role="alert">
      {errors[name]}
    </p>
  ) : null;
}
