import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'service/**/*.test.ts',
      'backend/**/*.test.ts',
      'electron/**/*.test.ts',
      'webhost/**/*.test.ts',
      'renderer/**/*.test.ts',
      'renderer/**/*.test.tsx',
      'scripts/**/*.test.ts',
      '*.test.ts',
    ],
    exclude: ['node_modules', 'dist', 'e2e'],
    environment: 'node',
    // A timeout catches a hang, not slowness (speed goals are benchmarks): whole-catalog tests took 30-95 s
    // on a loaded 2-core machine, where a 30 s limit failed them.
    testTimeout: 240_000,
    hookTimeout: 240_000,
    pool: 'forks',
    // Vitest runs cores - 1 files at once, one on a 2-core CI runner: the suite took 326 s there, 170 s with two.
    maxWorkers: Math.max(2, availableParallelism()),
    reporters: ['default'],
  },
});
