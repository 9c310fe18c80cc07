#!/usr/bin/env node
/**
 * `npm start`: build, then open the Electron window (demo data from the embedded reference service until a
 * key is set). Electron's binary is fetched by its own install script; when it is missing this says so in
 * plain words and points to the web host instead of failing with a stack trace.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';
import { findElectronBinary, MISSING_ELECTRON_MESSAGE } from './electron-binary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const binary = findElectronBinary();
  if (!binary) {
    console.error(MISSING_ELECTRON_MESSAGE);
    process.exit(1);
  }
  try {
    const ms = await buildAll();
    console.log(`Built in ${(ms / 1000).toFixed(1)} s; opening Market Desk…`);
  } catch (error) {
    console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const child = spawn(binary, [root], { stdio: 'inherit', env: process.env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  child.on('error', (error) => {
    console.error(`Electron could not be started: ${error.message}`);
    process.exit(1);
  });
}

void main();
