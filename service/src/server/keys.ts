/**
 * API keys the service accepts: the documented demo key (every operation) plus keys from options,
 * `--api-key KEY[:op1,op2]` and `--keys-file FILE`. A key may be limited to some operations.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEMO_API_KEY } from '../../../shared/api/demo';
import { DATA_OPERATIONS, isDataOperation, type DataOperation } from './operations';

export interface ApiKeySpec {
  key: string;
  /** Limit the key to these operation names (e.g. ['aggregatedMinPrices']); absent: every operation. */
  operations?: readonly string[];
}

export interface KeyGrant {
  /** Stable, non-secret id of the key (goes into the token's `sub`). */
  keyId: string;
  /** null: every operation. */
  operations: readonly DataOperation[] | null;
}

function keyId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

function checkOperations(ops: readonly string[], where: string): DataOperation[] {
  const out: DataOperation[] = [];
  for (const op of ops) {
    if (!isDataOperation(op)) {
      throw new Error(`${where}: unknown operation "${op}"; known: ${DATA_OPERATIONS.join(', ')}`);
    }
    if (!out.includes(op)) out.push(op);
  }
  return out;
}

export class KeyRegistry {
  private readonly grants = new Map<string, KeyGrant>();

  constructor(specs: readonly ApiKeySpec[]) {
    this.grants.set(DEMO_API_KEY, { keyId: keyId(DEMO_API_KEY), operations: null });
    for (const s of specs) {
      if (typeof s.key !== 'string' || s.key.length === 0 || s.key.length > 4096) {
        throw new Error('API key: must be a non-empty string of at most 4096 characters');
      }
      if (s.key === DEMO_API_KEY) throw new Error('API key: the demo key is built in and cannot be redefined');
      const operations = s.operations ? checkOperations(s.operations, `API key ${keyId(s.key)}`) : null;
      this.grants.set(s.key, { keyId: keyId(s.key), operations });
    }
  }

  lookup(key: string): KeyGrant | undefined {
    return this.grants.get(key);
  }

  get size(): number {
    return this.grants.size;
  }
}

/**
 * `KEY` or `KEY:op1,op2`. A key that itself contains ':' stays whole unless the part after the last ':'
 * is a comma-separated list of operation names.
 */
export function parseApiKeyFlag(flag: string): ApiKeySpec {
  const i = flag.lastIndexOf(':');
  if (i > 0) {
    const ops = flag
      .slice(i + 1)
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    if (ops.length > 0 && ops.every(isDataOperation)) return { key: flag.slice(0, i), operations: ops };
    if (ops.length > 0 && ops.some(isDataOperation)) {
      throw new Error(`--api-key: unknown operation in "${flag.slice(i + 1)}"; known: ${DATA_OPERATIONS.join(', ')}`);
    }
  }
  return { key: flag };
}

const KeyEntry = z.union([
  z.string().min(1),
  z.strictObject({ key: z.string().min(1).max(4096), operations: z.array(z.string()).optional() }),
]);
/** A keys file: `["k1", {"key":"k2","operations":["aggregatedMinPrices"]}]` or `{"keys":[...]}`. */
const KeysFileSchema = z.union([z.array(KeyEntry), z.strictObject({ keys: z.array(KeyEntry) })]);

export function parseKeysJson(text: string, where: string): ApiKeySpec[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new Error(`${where}: not valid JSON (${(e as Error).message})`);
  }
  const r = KeysFileSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`${where}: ${issue?.message ?? 'invalid'} at ${issue?.path.join('.') || '(root)'}`);
  }
  const list = Array.isArray(r.data) ? r.data : r.data.keys;
  return list.map((e) => (typeof e === 'string' ? { key: e } : { key: e.key, operations: e.operations }));
}

export function readKeysFile(file: string): ApiKeySpec[] {
  return parseKeysJson(readFileSync(file, 'utf8'), `keys file ${file}`);
}
