import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import type { SignClientTypes } from '@walletconnect/types'
import { MemoryStorage } from './memory-storage.js'
import { createOfflineVerify } from './offline-verify.js'

/** The sign client class of `@walletconnect/sign-client`, as an instance type. */
export type LocalSignClient = InstanceType<typeof SignClient>

export type CreateLocalSignClientParameters = {
  relayUrl: string
  /** Any 32-hex-character id: the local relay accepts every project. */
  projectId: string
  metadata: SignClientTypes.Metadata
  /** Pino level for the library's own logs; 'silent' unless debugging. */
  logLevel?: 'silent' | 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
  /** Defaults to a fresh in-memory store. Pass the same one again to simulate a reload. */
  storage?: MemoryStorage
}

/**
 * A `SignClient` that talks only to the given relay: in-memory storage, telemetry off, the
 * offline verify stand-in, and its own storage prefix. The prefix matters: the core keeps one
 * instance per prefix on `globalThis` and hands it back to later constructions, so two clients in
 * one process (a dapp and a wallet in a test) would otherwise share a single core.
 *
 * @example
 * const dapp = await createLocalSignClient({ relayUrl: relay.url, projectId, metadata })
 */
export async function createLocalSignClient(
  parameters: CreateLocalSignClientParameters,
): Promise<LocalSignClient> {
  const logLevel = parameters.logLevel ?? 'silent'
  const core = new Core({
    projectId: parameters.projectId,
    relayUrl: parameters.relayUrl,
    storage: parameters.storage ?? new MemoryStorage(),
    customStoragePrefix: `latch-${globalThis.crypto.randomUUID()}`,
    telemetryEnabled: false,
    logger: logLevel,
  })
  core.verify = createOfflineVerify(core)
  return SignClient.init({ core, metadata: parameters.metadata, logger: logLevel })
}

/** Closes the client's socket and stops its timers so the process can exit. */
export async function closeLocalSignClient(client: LocalSignClient): Promise<void> {
  await client.core.relayer.transportClose().catch(() => {})
  client.core.heartbeat.stop()
}
