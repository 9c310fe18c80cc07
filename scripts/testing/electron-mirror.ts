/**
 * A local Electron download mirror that records every request, for testing `npm start`'s first run against
 * Electron's real installer (node_modules/electron/install.js → @electron/get).
 *
 * Layout as on Electron's GitHub releases and its mirrors: @electron/get asks for
 * `<ELECTRON_MIRROR><dir>/<file>` (artifact-utils.js getArtifactRemoteURL), where <dir> is `v<version>` unless
 * ELECTRON_CUSTOM_DIR says otherwise (`{{ version }}` is replaced by the bare version), <file> is
 * `electron-v<version>-<platform>-<arch>.zip`, and the same folder holds `SHASUMS256.txt` with lines
 * `<sha256> *<file>`, which it reads when told to use remote checksums.
 *
 * The zip holds a stand-in `electron` (a shell script, mode 755, so it runs once unpacked), the `version`
 * file a real dist has, and optional incompressible padding so the download takes several chunks.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync } from 'fflate';

interface MirrorRequest {
  method: string;
  path: string;
}

export interface ElectronMirrorOptions {
  version: string;
  platform?: string;
  arch?: string;
  /** Path of the mirror's base under the server, with slashes: '/electron/'. */
  prefix?: string;
  /** The folder the release lives in (as ELECTRON_CUSTOM_DIR would name it); default `v<version>`. */
  dir?: string;
  /** The stand-in executable's text. */
  binaryScript?: string;
  /** Random bytes stored in the zip so it downloads in several chunks. */
  padBytes?: number;
  chunkBytes?: number;
  chunkDelayMs?: number;
  /** Serve a zip whose bytes differ from the one SHASUMS256.txt describes. */
  tamper?: boolean;
}

export interface ElectronMirror {
  /** The value for ELECTRON_MIRROR (ends with '/'). */
  url: string;
  /** The path the installer should ask for. */
  zipPath: string;
  zipName: string;
  /** SHA-256 of the zip SHASUMS256.txt describes (the served one unless tamper). */
  sha256: string;
  zip: Buffer;
  requests: MirrorRequest[];
  close(): Promise<void>;
}

const MODE_EXECUTABLE = (0o100755 << 16) >>> 0;
const UNIX = 3;

function fakeElectronZip(version: string, binaryScript: string, padBytes = 0): Buffer {
  const files: Record<string, [Uint8Array, { os: number; attrs?: number }]> = {
    electron: [new TextEncoder().encode(binaryScript), { os: UNIX, attrs: MODE_EXECUTABLE }],
    version: [new TextEncoder().encode(version), { os: UNIX }],
  };
  if (padBytes > 0) files['resources/padding.bin'] = [new Uint8Array(randomBytes(padBytes)), { os: UNIX }];
  return Buffer.from(zipSync(files, { level: 0 }));
}

export async function startElectronMirror(options: ElectronMirrorOptions): Promise<ElectronMirror> {
  const {
    version,
    platform = 'linux',
    arch = 'x64',
    prefix = '/electron/',
    dir = `v${version}`,
    binaryScript = '#!/bin/sh\nexit 0\n',
    padBytes = 0,
    chunkBytes = 64 * 1024,
    chunkDelayMs = 0,
    tamper = false,
  } = options;
  const zipName = `electron-v${version}-${platform}-${arch}.zip`;
  const zip = fakeElectronZip(version, binaryScript, padBytes);
  const sha256 = createHash('sha256').update(zip).digest('hex');
  const served = tamper ? Buffer.concat([zip, Buffer.from('tampered')]) : zip;
  const shasums = [
    `${'0'.repeat(64)} *chromedriver-v${version}-${platform}-${arch}.zip`,
    `${sha256} *${zipName}`,
    `${'f'.repeat(64)} *electron-v${version}-win32-x64.zip`,
    '',
  ].join('\n');
  const zipPath = `${prefix}${dir}/${zipName}`;
  const shasumsPath = `${prefix}${dir}/SHASUMS256.txt`;
  const requests: MirrorRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://mirror').pathname;
    requests.push({ method: req.method ?? 'GET', path: pathname });
    if (pathname === shasumsPath) {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(shasums) });
      res.end(shasums);
      return;
    }
    if (pathname !== zipPath) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not Found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': served.length });
    let offset = 0;
    const next = (): void => {
      if (res.destroyed) return;
      const end = Math.min(served.length, offset + chunkBytes);
      res.write(served.subarray(offset, end));
      offset = end;
      if (offset >= served.length) {
        res.end();
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        next();
      }, chunkDelayMs);
      timers.add(timer);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    zipPath,
    zipName,
    sha256,
    zip,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
