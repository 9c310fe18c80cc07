/**
 * The web host's key vault. A browser host has no OS keychain to lean on, so the key stays in this
 * process's memory ('memory'), or, only when the user asks for it (acceptWeakStorage), in a file only
 * their account can read ('file-0600', default ~/.config/market-desk/web-key). The status tells the UI
 * which, so it can say plainly that neither is OS-encrypted. Only the user's own Connect and Forget come
 * here: a key preset by MDS_API_KEY is held by the connection controller and never written or removed.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { KeyStorage } from '../shared/api/status';
import type { KeyVault, StoredConnection } from '../backend/connection';

const KeyFileSchema = z.object({ baseUrl: z.string().max(2048), apiKey: z.string().min(1).max(4096) });

export function defaultKeyFile(): string {
  const configHome = process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(configHome, 'market-desk', 'web-key');
}

export class FileKeyVault implements KeyVault {
  private memory: StoredConnection | null = null;
  private file: StoredConnection | null;

  /** keyFile null: never touch the disk. */
  constructor(private readonly keyFile: string | null) {
    this.file = keyFile ? readKeyFile(keyFile) : null;
  }

  read(): StoredConnection | null {
    return this.memory ?? this.file;
  }

  write(connection: StoredConnection, acceptWeak: boolean): void {
    if (acceptWeak && this.keyFile) {
      writeKeyFile(this.keyFile, connection);
      this.file = { ...connection };
      this.memory = null;
      return;
    }
    // Not asked to persist: an older saved key must not come back at the next start.
    this.removeFile();
    this.memory = { ...connection };
  }

  clear(): void {
    this.memory = null;
    this.removeFile();
  }

  info(): { keyStorage: KeyStorage; weakStorageOnly: boolean } {
    const keyStorage: KeyStorage = this.memory ? 'memory' : this.file ? 'file-0600' : 'none';
    // The only persistent storage here is the weak one; it counts as accepted once the user chose it.
    return { keyStorage, weakStorageOnly: keyStorage !== 'file-0600' };
  }

  private removeFile(): void {
    this.file = null;
    if (this.keyFile) rmSync(this.keyFile, { force: true });
  }
}

function readKeyFile(file: string): StoredConnection | null {
  let text: string;
  try {
    // Tighten permissions first if someone loosened them.
    chmodSync(file, 0o600);
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = KeyFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeKeyFile(file: string, connection: StoredConnection): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Write a 0600 temp file and rename it over: the key is never briefly readable by others, and a crash
  // can't leave half a file.
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ baseUrl: connection.baseUrl, apiKey: connection.apiKey }), { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}
