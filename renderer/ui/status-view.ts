/** How each connection state and key storage is shown: labels, tones, the words and the buttons. */
import {
  KEYRING_LOCKED_TEXT,
  STATUS_TEXT,
  type ConnectionState,
  type ConnectionStatus,
  type KeyStorage,
} from '../../shared/api/status';

export type Tone = 'ok' | 'info' | 'busy' | 'warn' | 'error';

export const STATE_VIEW: Record<ConnectionState, { label: string; tone: Tone }> = {
  connecting: { label: 'Connecting\u2026', tone: 'busy' },
  demo: { label: 'Demo data', tone: 'info' },
  connected: { label: 'Live', tone: 'ok' },
  'key-rejected': { label: 'Key rejected', tone: 'error' },
  'no-access': { label: 'No access', tone: 'warn' },
  offline: { label: 'Offline', tone: 'warn' },
  'server-error': { label: 'Server error', tone: 'error' },
};

/** The host's sentence if it gave one, otherwise the standard one. */
export function statusWords(status: ConnectionStatus): { message: string; action: string } {
  const std = STATUS_TEXT[status.state];
  return {
    message: status.message.trim() || std.message,
    action: status.action.trim() || std.action,
  };
}

export type BannerAction = 'settings' | 'retry' | 'demo';

/** Buttons the banner offers in each state (none when the state needs nothing). */
export function bannerActions(state: ConnectionState): BannerAction[] {
  switch (state) {
    case 'key-rejected':
    case 'no-access':
      return ['settings', 'demo'];
    case 'offline':
    case 'server-error':
      return ['retry', 'settings', 'demo'];
    case 'demo':
      return ['settings'];
    default:
      return [];
  }
}

/**
 * The banner's buttons for a status: with the keyring locked (demo data meanwhile), Retry reads the stored key
 * again once the user has unlocked it.
 */
export function bannerActionsFor(status: ConnectionStatus): BannerAction[] {
  return status.keyStorage === 'keyring-locked' ? ['retry', 'settings'] : bannerActions(status.state);
}

/** States that are fine to work in (no warning banner). */
export function isHealthy(state: ConnectionState): boolean {
  return state === 'connected' || state === 'demo';
}

export interface KeyStorageView {
  /** Short label for the status bar. */
  short: string;
  /** The sentence for Settings. */
  explain: string;
  /** Whether to offer "Store it anyway, without OS encryption". */
  offerWeak: boolean;
}

export function keyStorageView(status: ConnectionStatus, host: 'electron' | 'web'): KeyStorageView {
  const storage: KeyStorage = status.keyStorage;
  const weakHint =
    host === 'web'
      ? 'The web version cannot use your operating system\u2019s keyring. Unless you opt in, the key is kept in the web host\u2019s memory only, and is gone when it stops. Opting in writes it to a file only your user can read (permissions 0600), not encrypted.'
      : status.weakStorageOnly
        ? 'Your system has no keyring Market Desk can use (on Linux: the \u201cbasic_text\u201d backend), so the key is kept only for this session. Opting in stores it on disk without OS encryption.'
        : 'No keyring is available to encrypt the key right now, so it is kept only for this session.';
  switch (storage) {
    case 'os-encrypted':
      return { short: 'Key encrypted by OS', explain: 'Encrypted by your operating system.', offerWeak: false };
    case 'session-only':
      return { short: 'Key kept for this session', explain: weakHint, offerWeak: status.weakStorageOnly };
    case 'memory':
      return { short: 'Key in memory only', explain: weakHint, offerWeak: true };
    case 'file-0600':
      return {
        short: 'Key in 0600 file',
        explain:
          host === 'electron'
            ? 'Stored in Market Desk\u2019s settings file, which only your user can read (permissions 0600). It is NOT encrypted by your operating system: there is no keyring (Linux \u201cbasic_text\u201d), so it is only scrambled with a fixed password. Install and unlock a keyring, then connect again, to encrypt it.'
            : 'Stored in a file only your user can read (permissions 0600). It is not encrypted by your operating system.',
        offerWeak: false,
      };
    case 'keyring-locked':
      return {
        short: 'Keyring locked',
        explain: `${KEYRING_LOCKED_TEXT.message} ${KEYRING_LOCKED_TEXT.action}`,
        offerWeak: false,
      };
    case 'none':
    default:
      return {
        short: 'No key stored',
        explain: status.weakStorageOnly
          ? weakHint
          : host === 'electron'
            ? 'No key stored. When you connect, the key is encrypted by your operating system.'
            : 'No key stored.',
        offerWeak: status.weakStorageOnly,
      };
  }
}
