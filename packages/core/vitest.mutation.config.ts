import { defineConfig } from 'vitest/config'

// Core's unit tests alone, without type tests and without the ones that start a real server
// (they cover the registry client, not the rules and actions that are mutated).
export default defineConfig({
  test: {
    root: 'packages/core',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.server.test.ts'],
  },
})
