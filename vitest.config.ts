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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
  },
});
