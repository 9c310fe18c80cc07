/** Types for code-size.mjs (imported by its test). */
export const MAX_FUNCTION_LINES: number;
export const MAX_FILE_LINES: number;
export const MAX_OPENING_COMMENT_LINES: number;
export interface FunctionSize {
  file: string;
  line: number;
  name: string;
  lines: number;
}
export interface FileSize {
  file: string;
  lines: number;
  openingComment: number;
}
export function sourceFiles(dir?: string): string[];
export function openingCommentLines(text: string): number;
export function functionsIn(file: string, text: string): FunctionSize[];
export function measure(dir?: string): {
  functions: FunctionSize[];
  files: FileSize[];
  longFunctions: FunctionSize[];
  longFiles: FileSize[];
  longOpeningComments: FileSize[];
};
