export interface LocalServerProject {
  id: string
  name: string
  allowedOrigins: string[]
  allowLocalhost?: boolean
  features?: Record<string, { isEnabled: boolean; config: unknown }>
}
export function startLocalServer(options?: {
  port?: number
  sqliteFile?: string
  projects?: LocalServerProject[]
}): Promise<{ url: string; port: number; stop(): Promise<void> }>
