import { FRAME_LOAD_TIMEOUT_MS } from '@latch/core/internal'
import { recoverMessageAddress } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Api } from './api.js'
import type { SigningScreen } from './approval/signing.js'
import { devAddress as address, frameWallet, sessionToken, signedInDevice } from './test/wallet.js'

// After Approve the frame needs its server (it releases a part of the key): a server that hangs
// is said so after the frame's request limit, with Retry and Close, never an endless empty frame.

/** A server whose first share release never answers; later ones do. */
async function hangingOnce() {
  const { record, authShare } = await signedInDevice(sessionToken('session-1'), { eip155Address: address })
  let calls = 0
  let asked = () => {}
  const firstAsk = new Promise<void>((resolve) => {
    asked = resolve
  })
  const api = {
    nonce: async () => ({ nonce: `n${calls}` }),
    share: () => {
      calls++
      asked()
      return calls === 1 ? new Promise(() => {}) : Promise.resolve({ authShare })
    },
  } as unknown as Api
  return { record, api, firstAsk }
}

/** The screen after Approve, scripted: what it was told, and the visitor's answer to the error. */
function signingScreen(answer: boolean) {
  const told: string[] = []
  const show = async (): Promise<SigningScreen> => {
    told.push('progress')
    return {
      unreachable: async () => {
        told.push('unreachable')
        return answer
      },
      close: () => {
        told.push('closed')
      },
    }
  }
  return { told, show }
}

const sign = (handlers: ReturnType<typeof frameWallet>) =>
  handlers.RPC_REQUEST({ method: 'personal_sign', params: ['0x48656c6c6f', address] }) as Promise<{
    result: `0x${string}`
  }>

afterEach(() => {
  vi.useRealTimers()
})

describe('given a wallet server that hangs after Approve', () => {
  it('when the frame’s request limit passes and the visitor presses Retry, then it signs on the second try', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { record, api, firstAsk } = await hangingOnce()
    const screen = signingScreen(true)
    const handlers = frameWallet(record, api, {
      showApproval: () => ({ decision: Promise.resolve(true), cancel: () => {} }),
      showSigning: screen.show,
    })
    const signed = sign(handlers)
    await firstAsk
    expect(screen.told).toEqual(['progress'])
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1)
    expect(screen.told).toEqual(['progress'])
    await vi.advanceTimersByTimeAsync(1)
    // The second try's key work runs on the (fake) clock too, a little at a time.
    let done = false
    void signed.finally(() => {
      done = true
    })
    while (!done) await vi.advanceTimersByTimeAsync(10)
    const { result } = await signed
    expect(await recoverMessageAddress({ message: 'Hello', signature: result })).toBe(address)
    expect(screen.told).toEqual(['progress', 'unreachable', 'closed', 'progress', 'closed'])
  })

  it('when the visitor presses Close, then the request fails as the server out of reach (the page shows its message)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const { record, api, firstAsk } = await hangingOnce()
    const screen = signingScreen(false)
    const visible: boolean[] = []
    const handlers = frameWallet(record, api, {
      showApproval: () => ({ decision: Promise.resolve(true), cancel: () => {} }),
      showSigning: screen.show,
      setVisible: (v) => visible.push(v),
    })
    const failed = sign(handlers).catch((error: { code: string; message: string }) => error)
    await firstAsk
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS)
    expect(await failed).toMatchObject({ code: 'NETWORK', message: "The wallet server can't be reached" })
    expect(screen.told).toEqual(['progress', 'unreachable', 'closed'])
    expect(visible).toEqual([true, false])
  })

  it('when the page aborts while the frame waits, then the request is aborted and the screen closes', async () => {
    const { record, api, firstAsk } = await hangingOnce()
    const screen = signingScreen(true)
    const handlers = frameWallet(record, api, {
      showApproval: () => ({ decision: Promise.resolve(true), cancel: () => {} }),
      showSigning: screen.show,
    })
    const failed = sign(handlers).catch((error: { code: string }) => error)
    await firstAsk
    await handlers.ABORT_REQUESTS({})
    expect(await failed).toMatchObject({ code: 'ABORTED' })
    expect(screen.told).toEqual(['progress', 'closed'])
  })
})
