import { fileURLToPath } from 'node:url'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The workspace root, where the dependencies are installed.
  turbopack: { root: fileURLToPath(new URL('../..', import.meta.url)) },
  // The repository's own `npm run typecheck` covers this app.
  typescript: { ignoreBuildErrors: true },
}

export default nextConfig
