/** Types for bench-turns.mjs (imported by its test). */
export const ALL_BENCHES: string[];
export function turnOrder(t: number): ['before', 'after'] | ['after', 'before'];
export function benchCommand(script: string): string;
export interface TurnOptions {
  before: string | null;
  after: string;
  turns: number;
  benches: string[];
  timeoutMin: number;
  help?: boolean;
  fromLogs?: boolean;
}
export function parseOptions(argv: string[], env: Record<string, string | undefined>): TurnOptions;
export function readLog(text: string): { out: string; ms: number; code: number | null; load: number };
