/** Types for scan-electron.mjs (imported by its test). */
export interface Suppression {
  file: string;
  line: number;
  ids: string[];
  reason: string;
}
export interface ScanIssue {
  id: string;
  file: string;
  line: number;
  severity: string;
  confidence: string;
  sample?: string;
  description?: string;
  constructorName?: string;
}
export interface ScanVerdict {
  blocking: ScanIssue[];
  justified: { issue: ScanIssue; by: Suppression }[];
  notes: ScanIssue[];
  badSuppressions: (Suppression & { problem: string })[];
  parseErrors: { file: string; message: string; tolerable: boolean }[];
  ok: boolean;
}
export const SCAN_INPUT: string;
export const EXCLUDED_CHECKS: string[];
export const BLOCKING_SEVERITIES: Set<string>;
export const MIN_REASON_LENGTH: number;
export function parseSuppressions(text: string, file: string): Suppression[];
export function evaluateScan(input: {
  issues: ScanIssue[];
  suppressions: Suppression[];
  errors?: { file: string; message: string; tolerable: boolean }[];
}): ScanVerdict;
export function runScan(options?: {
  input?: string;
}): Promise<ScanVerdict & { electronVersion: string; checks: number; files: number; issues: ScanIssue[]; ms: number }>;
