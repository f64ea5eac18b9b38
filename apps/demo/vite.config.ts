import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: Number(process.env.DEMO_PORT ?? 5173), strictPort: true },
  // latch-demo.test: the e2e tests reach the demo under that name to test the allowed-origins check.
  preview: {
    host: '127.0.0.1',
    port: Number(process.env.DEMO_PORT ?? 5173),
    strictPort: true,
    allowedHosts: ['latch-demo.test'],
  },
  build: { target: 'es2022' },
})
