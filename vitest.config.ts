import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}', 'examples/**/*.test.{ts,tsx}'],
    env: { FORCE_COLOR: '0', NODE_ENV: 'test' },
    // Spawned processes and real terminals are slow on 2 cores; no test relies on absolute timing.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
