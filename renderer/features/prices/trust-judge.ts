/** How a row's confidence is judged: market/trust/confidence.ts once the trust core is in (null: no badge yet). */
import type { Confidence, ConfidenceInput } from '../../market/trust/types';

export const confidenceJudge: ((input: ConfidenceInput) => Confidence) | null = null;
