/**
 * What the renderer may know about the connection: a status, never the key or the token.
 * Crosses the preload bridge / web-host JSON boundary, so it has a zod schema.
 */
import { z } from 'zod';

export const CONNECTION_STATES = [
  'connecting',
  'demo',
  'connected',
  'key-rejected',
  'no-access',
  'offline',
  'server-error',
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/**
 * Where the API key lives now. 'keyring-locked': a key is stored, but the OS keyring would not decrypt it
 * (locked, or access denied); the record is kept and demo data is shown until the user unlocks it and retries.
 */
export const KEY_STORAGES = ['none', 'os-encrypted', 'session-only', 'file-0600', 'memory', 'keyring-locked'] as const;
export type KeyStorage = (typeof KEY_STORAGES)[number];

export const ConnectionStatusSchema = z.object({
  state: z.enum(CONNECTION_STATES),
  /** The upstream base URL; '' for the embedded demo service. */
  baseUrl: z.string(),
  /** One sentence a person understands. */
  message: z.string(),
  /** What to do about it ('' when nothing is needed). */
  action: z.string(),
  hasKey: z.boolean(),
  keyStorage: z.enum(KEY_STORAGES),
  /** True where the only available storage is weak (Linux basic_text, web host file) and not yet accepted. */
  weakStorageOnly: z.boolean(),
  /** While offline or failing: ms since epoch of the next automatic try (null when none is planned). */
  nextRetryAt: z.number().nullable().default(null),
  /** ms since epoch of the last state change. */
  since: z.number(),
});
export type ConnectionStatus = z.infer<typeof ConnectionStatusSchema>;

export const ConnectRequestSchema = z.object({
  baseUrl: z.string().trim().max(2048),
  apiKey: z.string().max(4096),
  /** Persist the key even where storage is not OS-encrypted (user accepted it knowingly). */
  acceptWeakStorage: z.boolean().default(false),
});
export type ConnectRequest = z.infer<typeof ConnectRequestSchema>;

/** What the status says (over the demo data) while the stored key waits for the keyring to be unlocked. */
export const KEYRING_LOCKED_TEXT = {
  message: 'The keyring is locked: unlock it and retry.',
  action:
    'Your key is still stored. Unlock your keyring (GNOME Keyring, KWallet, macOS Keychain), then press Retry. Demo data is shown meanwhile.',
} as const;

export const STATUS_TEXT: Record<ConnectionState, { message: string; action: string }> = {
  connecting: { message: 'Connecting to the market data service…', action: '' },
  demo: {
    message: 'Showing demo data from the built-in reference service.',
    action: 'Add your API key in Settings to see live prices.',
  },
  connected: { message: 'Connected to the market data service.', action: '' },
  'key-rejected': {
    message: 'The service rejected your API key.',
    action: 'Check the key in your profile\u2019s "API Keys" section, paste it again and press Connect.',
  },
  'no-access': {
    message: 'Your key works, but your profile has no access to this data.',
    action: 'Check your subscription on the service\u2019s website, or switch to demo data.',
  },
  offline: {
    message: 'The market data service cannot be reached.',
    action: 'Check your internet connection and the Base URL. Market Desk keeps trying by itself.',
  },
  'server-error': {
    message: 'The market data service answered with an error.',
    action: 'Try again in a minute; if it persists, check the service\u2019s status page.',
  },
};
