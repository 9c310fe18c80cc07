/** Types for bench-figures.mjs (imported by its test). */
export type Better = 'lower' | 'higher' | 'info';
export interface Figure {
  name: string;
  value: number;
  unit: string;
  better: Better;
  /** "none over N ms": at most the value. */
  atMost?: boolean;
}
export type Verdict = 'worse' | 'better' | 'same' | 'info' | 'only before' | 'only after';
export interface Compared {
  before: number;
  after: number;
  ratio: number;
  spreadBefore: number;
  spreadAfter: number;
  tolerance: number;
  change: number;
  verdict: Verdict;
}
export interface FigureRun {
  bench: string;
  side: 'before' | 'after';
  figures: Map<string, Figure>;
}
export interface ComparedFigure extends Compared {
  bench: string;
  name: string;
  unit: string;
  better: Better;
  atMost: boolean;
  beforeValues: number[];
  afterValues: number[];
}
export const JSON_PREFIX: string;
export function figureName(text: string): string;
export function direction(name: string, unit: string): Better;
export function figuresOfRow(metric: string, measured: string): Figure[];
export function rowsOfOutput(output: string): { metric: string; measured: string }[];
export function figuresOfOutput(output: string): Map<string, Figure>;
export function median(values: number[]): number;
export function spread(values: number[]): number;
export function compareFigure(before: number[], after: number[], better: Better): Compared;
export function compareRuns(runs: FigureRun[]): ComparedFigure[];
export function reportTables(comparison: ComparedFigure[]): string;
