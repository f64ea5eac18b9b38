import type { MailSink } from '@latch/testkit'
import { expect } from 'vitest'
import { demoProject } from './backends.js'

const subtle = globalThis.crypto.subtle
export const b64url = (bytes: ArrayBuffer | Uint8Array) =>
  Buffer.from(bytes as ArrayBuffer).toString('base64url')
export const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? ''
export const linkOf = (text: string, path: string) =>
  new RegExp(`(http\\S+/embedded/v1/${path}\\?token=[A-Za-z0-9_-]+)`).exec(text)?.[1] ?? ''
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A browser-like device: a P-256 key pair whose private half cannot be exported. */
async function newDevice() {
  const keys = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])
  const { kty, crv, x, y } = await subtle.exportKey('jwk', keys.publicKey)
  return { keys, publicJwk: { kty, crv, x, y } }
}
type Device = Awaited<ReturnType<typeof newDevice>>

export interface Notice {
  id: string
  kind: string
  at: string
  browser: string
  ip: string
  until?: string
}

export const walletAddress = '0x3333333333333333333333333333333333333333'

/**
 * The frame's side of the embedded API, as a test drives it over real HTTP and a real mail sink:
 * sign-ups, confirmed new devices, device proofs, recoveries, reshares. `resendSeconds` is the
 * server's throttle between two code mails to one address, which a new device's login waits out.
 */
export function embeddedClient(base: () => string, sink: MailSink, resendSeconds = 3) {
  const q = `projectId=${demoProject.id}`
  const post = (path: string, body: unknown, token?: string, agent = 'Device/1.0 (test)') =>
    fetch(`${base()}/embedded/v1/${path}?${q}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': agent,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    })
  const me = (token: string) =>
    fetch(`${base()}/embedded/v1/me?${q}`, { headers: { authorization: `Bearer ${token}` } })
  const notices = async (token: string) => ((await (await me(token)).json()) as { notices: Notice[] }).notices

  async function proof(device: Device, token: string, purpose: string) {
    const { nonce } = (await (await post('nonce', {}, token)).json()) as { nonce: string }
    const sessionId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).jti
    const message = `latch-embedded/1|${purpose}|${demoProject.id}|${sessionId}|${nonce}`
    const signature = await subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      device.keys.privateKey,
      Buffer.from(message),
    )
    return { nonce, signature: b64url(signature) }
  }

  const shares = (mode: 'server' | 'password', label: string) => ({
    eip155Address: walletAddress,
    solanaAddress: '11111111111111111111111111111113',
    authShare: b64url(Buffer.from(`auth-share-${label}`)),
    recovery:
      mode === 'server'
        ? { mode, share: b64url(Buffer.from(`recovery-share-${label}`)) }
        : { mode, share: `{"v":1,"opaque":"${label}"}` },
  })

  /** First device: code → session → a wallet. */
  async function signUp(email: string, mode: 'server' | 'password') {
    const device = await newDevice()
    const after = Date.now()
    const { attemptId } = (await (await post('login', { email })).json()) as { attemptId: string }
    const otp = codeOf((await sink.waitFor(email, { after })).text)
    const { token } = (await (
      await post('otp', { attemptId, otp, devicePublicKey: device.publicJwk })
    ).json()) as {
      token: string
    }
    const wallet = await post(
      'wallet',
      { ...shares(mode, 'first'), ...(await proof(device, token, 'wallet')) },
      token,
    )
    expect(wallet.status).toBe(200)
    return { device, token }
  }

  /** A confirmed new device with a session (past the server's resend throttle, `resendSeconds`). */
  async function newDeviceSession(email: string, agent: string) {
    await pause(resendSeconds * 1000 + 100)
    const device = await newDevice()
    const after = Date.now()
    const login = (await (await post('login', { email }, undefined, agent)).json()) as {
      attemptId: string
      action: string
    }
    expect(login.action).toBe('VERIFY_DEVICE')
    const confirm = await sink.waitFor(email, { after, match: (m) => m.subject.startsWith('Confirm') })
    await fetch(`${base()}/embedded/v1/device/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: new URL(linkOf(confirm.text, 'device/confirm')).searchParams.get('token') ?? '',
      }).toString(),
    })
    const sentAt = Date.now() - 5
    await post('device/status', { attemptId: login.attemptId })
    const otp = codeOf(
      (await sink.waitFor(email, { after: sentAt, match: (m) => m.subject.includes('login code') })).text,
    )
    const { token } = (await (
      await post(
        'otp',
        { attemptId: login.attemptId, otp, devicePublicKey: device.publicJwk },
        undefined,
        agent,
      )
    ).json()) as { token: string }
    return {
      device,
      token,
      recover: async () => post('recovery', await proof(device, token, 'recovery'), token, agent),
      reshare: async (mode: 'server' | 'password', label: string) =>
        post('reshare', { ...shares(mode, label), ...(await proof(device, token, 'reshare')) }, token, agent),
    }
  }

  const cancel = async (owner: { device: Device; token: string }, id: string) =>
    post(
      'notices/cancel',
      { id, ...(await proof(owner.device, owner.token, 'cancel-recovery')) },
      owner.token,
    )

  return { post, me, notices, proof, signUp, newDeviceSession, cancel }
}
