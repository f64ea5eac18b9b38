import { base64urlnopad } from '@scure/base'
import type { Api } from '../api.js'
import { FrameError } from '../protocol.js'
import type { DeviceRecord } from '../storage.js'
import { deviceProofMessage } from './contexts.js'

/** The session id (`jti`) of a session token. */
export function sessionIdOf(token: string): string {
  const payload = JSON.parse(new TextDecoder().decode(base64urlnopad.decode(token.split('.')[1] ?? ''))) as {
    jti?: unknown
  }
  if (typeof payload.jti !== 'string') throw new FrameError('The session token is malformed', 'SESSION_ENDED')
  return payload.jti
}

/** This device's signature, for `purpose`, over a fresh single-use nonce of the server. */
export async function signDeviceProof(api: Api, record: DeviceRecord, projectId: string, purpose: string) {
  if (!record.token) throw new FrameError('Not signed in', 'NOT_CONNECTED')
  const { nonce } = await api.nonce()
  const message = deviceProofMessage(purpose, projectId, sessionIdOf(record.token), nonce)
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    record.deviceKey.privateKey,
    new TextEncoder().encode(message),
  )
  return { nonce, signature: base64urlnopad.encode(new Uint8Array(signature)) }
}
