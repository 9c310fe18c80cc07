/**
 * Problems between the UI and its host (preload bridge or web host). Always a sentence a person can
 * read; the technical detail is kept apart for the "details" disclosure and logs.
 */
export type PlatformProblemKind =
  /** The host answered with data that is not what the contract says. */
  | 'invalid-data'
  /** The host could not be reached (web host stopped, network error on /app/*). */
  | 'unreachable'
  /** The host answered with an error for a request it understood (e.g. a refused connect). */
  | 'refused'
  /** The preload bridge is missing or lacks a method. */
  | 'bridge-missing';

export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  constructor(
    readonly kind: PlatformProblemKind,
    message: string,
    readonly detail = '',
  ) {
    super(message);
  }
}

export function isPlatformError(e: unknown): e is PlatformError {
  return e instanceof PlatformError;
}

/** Any thrown thing as one readable sentence. */
export function describeError(e: unknown): string {
  if (e instanceof Error && e.message) return e.message;
  if (typeof e === 'string' && e) return e;
  return 'Something went wrong.';
}
