import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}', 'examples/**/*.test.{ts,tsx}'],
    env: { FORCE_COLOR: '0', NODE_ENV: 'test' },
    // Spawned processes and real terminals are slow on 2 cores; no test relies on absolute timing.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most files wait on real processes (the CLIs, tmux, the pane) rather than compute, so two run
    // at a time even on 2 cores, where vitest's default (cores - 1) would run one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
