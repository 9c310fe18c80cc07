/** Types for lint-workflows.mjs (imported by its test). */
export interface WorkflowFinding {
  line: number;
  column: number;
  message: string;
  kind: string;
}
export const WORKFLOW_DIR: string;
export function workflowFiles(dir?: string): string[];
export function lintWorkflow(text: string, file: string): Promise<WorkflowFinding[]>;
export function lintWorkflows(dir?: string): Promise<{ file: string; findings: WorkflowFinding[] }[]>;
