/**
 * ipcMain and a webContents as Electron runs them, for the IPC handler tests: handlers registered by channel
 * (a second one for a channel throws), invoked with an IpcMainInvokeEvent (senderFrame, sender = the asking
 * webContents), arguments and answers structured-cloned across
 * (https://www.electronjs.org/docs/latest/api/ipc-main#ipcmainhandlechannel-listener), a throw as a rejection
 * "Error invoking remote method …", and pushes through webContents.send (cloned too; a destroyed one throws).
 */
import type { IpcEventLike, IpcMainLike } from '../ipc';

export class FakeWebContents {
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  private destroyedListeners: Array<() => void> = [];
  destroyed = false;
  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.sent.push({ channel, args: structuredClone(args) });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  once(_event: 'destroyed', listener: () => void): this {
    this.destroyedListeners.push(listener);
    return this;
  }
  removeListener(_event: 'destroyed', listener: () => void): this {
    this.destroyedListeners = this.destroyedListeners.filter((l) => l !== listener);
    return this;
  }
  destroy(): void {
    this.destroyed = true;
    for (const l of this.destroyedListeners.splice(0)) l();
  }
  listenerCount(): number {
    return this.destroyedListeners.length;
  }
}

export class FakeIpcMain implements IpcMainLike {
  private readonly handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  handle(channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => unknown): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, listener);
  }
  channels(): string[] {
    return [...this.handlers.keys()];
  }
  /** ipcRenderer.invoke as Electron runs it: cloned arguments, the handler's value (awaited) cloned back, a throw as a rejection. */
  async invoke(sender: FakeWebContents, url: string, channel: string, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    const event = { senderFrame: { url }, sender };
    try {
      return structuredClone(await handler(event, ...structuredClone(args)));
    } catch (error) {
      throw new Error(`Error invoking remote method '${channel}': ${String(error)}`);
    }
  }
}
