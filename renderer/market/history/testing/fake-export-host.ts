/**
 * For tests: a streamed export's host in memory that behaves as the desktop one does
 * (electron/main/export-files.ts): every request validated with the shared schemas, a declined folder
 * dialog answers { opened: false }, files are "name.part" until they end, `room` bytes of disk (a full
 * disk removes every file of the export, as main does), an abort removes them all.
 */
import {
  ExportAbortSchema,
  ExportChunkSchema,
  ExportEndSchema,
  ExportOpenSchema,
  type ExportOpenRequest,
  type ExportOpenResult,
} from '../../../../shared/export/stream-files';
import type { ExportOpener } from '../export/host-sink';

export class FakeHost implements ExportOpener {
  readonly files = new Map<string, Uint8Array[]>();
  readonly writes: number[] = [];
  readonly opened: ExportOpenRequest[] = [];
  aborts = 0;
  /** The folder dialog's answer (false: the user closed it). */
  choose = true;
  private used = 0;
  private open = true;
  constructor(
    readonly exportId: string,
    names: string[] = [],
    private readonly room = Infinity,
  ) {
    for (const n of names) this.files.set(`${n}.part`, []);
  }
  async openExport(request: unknown): Promise<ExportOpenResult> {
    const req = ExportOpenSchema.parse(request);
    this.opened.push(req);
    if (!this.choose) return { opened: false };
    for (const n of req.files) this.files.set(`${n}.part`, []);
    return { opened: true, exportId: this.exportId, path: `/home/user/${req.folderName}` };
  }
  async writeExport(request: unknown): Promise<void> {
    const { exportId, name, chunk } = ExportChunkSchema.parse(request);
    const file = this.files.get(`${name}.part`);
    if (!this.open || exportId !== this.exportId || !file) throw new Error('That export is no longer open.');
    if (this.used + chunk.byteLength > this.room) {
      this.discard();
      throw new Error('The disk is full: the export stopped and its files were removed.');
    }
    this.used += chunk.byteLength;
    this.writes.push(chunk.byteLength);
    file.push(chunk.slice());
  }
  async endExport(request: unknown): Promise<void> {
    const { name } = ExportEndSchema.parse(request);
    const file = this.files.get(`${name}.part`);
    if (!file) throw new Error('That export is no longer open.');
    this.files.delete(`${name}.part`);
    this.files.set(name, file);
  }
  async abortExport(request: unknown): Promise<void> {
    ExportAbortSchema.parse(request);
    this.aborts++;
    this.discard();
  }
  /** As main does on a failed write: the export's every file removed (a later abort finds nothing). */
  private discard(): void {
    this.open = false;
    this.files.clear();
  }
  bytes(name: string): Uint8Array {
    const parts = this.files.get(name) ?? [];
    const out = new Uint8Array(parts.reduce((s, c) => s + c.byteLength, 0));
    let at = 0;
    for (const c of parts) {
      out.set(c, at);
      at += c.byteLength;
    }
    return out;
  }
}
