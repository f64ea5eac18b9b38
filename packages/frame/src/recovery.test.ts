import { describe, expect, it } from 'vitest'
import { currentAccount } from './accounts.js'
import type { Api, Me, ShareBody } from './api.js'
import { deviceRecord, email, frameWallet, sessionToken } from './test/wallet.js'
import { PasskeyError, passkeyHostIsFramesOwn } from './vault/passkey.js'
import { openRecoveryWithPasskey } from './vault/recovery.js'
import type { PasskeyRecoverOutcome } from './wallet/context.js'
import type { Passkeys } from './wallet.js'

// The frame's sign-up and new-device recovery with the real custody code and WebCrypto; the server
// is an in-memory stand-in for its share routes, and the passkey a fixed PRF output (the browser
// part runs in e2e/started/embedded-passkey.spec.ts with a real authenticator).
const token = sessionToken('session-1')
const ref = { rpId: 'localhost', credentialId: 'Y3JlZGVudGlhbC1pZA', prfSalt: 'c2FsdC1zYWx0LXNhbHQtc2FsdA' }
const prf = () => new Uint8Array(32).fill(9)

/** What the server keeps of one account: its wallet, the recovery share and the last set's auth share. */
function server() {
  const state: {
    wallet?: { eip155Address: string; solanaAddress: string }
    recovery?: ShareBody['recovery']
    authShare?: string
    reshares: number
  } = { reshares: 0 }
  const devicesWithShare = new Set<string>()
  const apiFor = (deviceId: string) => {
    const me = (): Me => ({
      email,
      deviceId,
      wallet: state.wallet ? { ...state.wallet, recoveryMode: state.recovery?.mode ?? null } : null,
      deviceHasShare: devicesWithShare.has(deviceId),
    })
    const keep = (body: ShareBody) => {
      state.wallet = { eip155Address: body.eip155Address.toLowerCase(), solanaAddress: body.solanaAddress }
      state.recovery = body.recovery
      state.authShare = body.authShare
      devicesWithShare.add(deviceId)
      return me()
    }
    return {
      me: async () => me(),
      nonce: async () => ({ nonce: 'nonce' }),
      createWallet: async (body: ShareBody) => keep(body),
      reshare: async (body: ShareBody) => {
        state.reshares++
        return keep(body)
      },
      recovery: async () => ({
        mode: state.recovery!.mode,
        share: state.recovery!.share,
        authShare: state.authShare!,
      }),
    } as unknown as Api
  }
  return { state, apiFor }
}

async function device(
  api: Api,
  passkeys: Partial<Passkeys> & { recoverTries?: number },
  askPassword: (
    mode: 'setup' | 'recover' | 'backup',
    check: (p: string) => Promise<string | undefined>,
  ) => Promise<void> = async (mode) => {
    // The password next to a new passkey is skipped unless a test sets one.
    if (mode !== 'backup') throw new Error('no password screen expected')
  },
) {
  const record = await deviceRecord(token)
  const messages: PasskeyRecoverOutcome[] = []
  const handlers = frameWallet(record, api, {
    askPassword,
    passkeys: {
      available: async () => true,
      create: async () => ({ ref, output: prf() }),
      output: async () => prf(),
      askSetup: async (create) => {
        messages.push(await create())
        return 'done'
      },
      askRecover: async (use) => {
        for (let i = 0; i < (passkeys.recoverTries ?? 1); i++) {
          const message = await use()
          messages.push(message)
          if (message === undefined) return 'done'
          // A lost passkey on an account with a recovery password: the visitor takes that route.
          if (typeof message === 'object' && message.password) return 'password'
        }
        return 'done'
      },
      ...passkeys,
    },
  })
  return { handlers, record, messages }
}

describe('given a browser with a passkey provider', () => {
  it('when a visitor signs up, then the recovery share is sealed under the passkey, and a new device with the same passkey opens the same wallet and re-seals it under that passkey', async () => {
    const { state, apiFor } = server()
    const first = await device(apiFor('device-1'), {})
    const user = (await first.handlers.GET_USER({ chainId: 'eip155:1' })) as { address: string }
    expect(first.messages).toEqual([undefined])
    expect(state.recovery?.mode).toBe('passkey')
    const sealed = JSON.parse(state.recovery!.share)
    expect(sealed).toMatchObject({ kdf: 'passkey-prf', ...ref })
    const firstSealed = state.recovery!.share

    const second = await device(apiFor('device-2'), {})
    expect(((await second.handlers.GET_USER({ chainId: 'eip155:1' })) as { address: string }).address).toBe(
      user.address,
    )
    expect(state.reshares).toBe(1)
    expect(state.recovery?.mode).toBe('passkey')
    expect(state.recovery!.share).not.toBe(firstSealed)
    expect(
      await openRecoveryWithPasskey(state.recovery!.share, prf(), `latch-share|p1|${email}`),
    ).toHaveLength((await openRecoveryWithPasskey(firstSealed, prf(), `latch-share|p1|${email}`)).length)
    expect(currentAccount(second.record)?.deviceShare).toBeDefined()
  })

  it('when a new device cannot use the passkey (lost: the screen says this device cannot open the wallet), or uses another one, then it is told so and gets no share; the right passkey then works', async () => {
    const { state, apiFor } = server()
    await (await device(apiFor('device-1'), {})).handlers.GET_USER({ chainId: 'eip155:1' })
    const outputs = [
      () => Promise.reject(new PasskeyError('cancelled')),
      () => Promise.resolve(new Uint8Array(32).fill(1)),
      () => Promise.resolve(prf()),
    ]
    const second = await device(apiFor('device-2'), {
      recoverTries: 3,
      output: () => outputs.shift()!(),
    })
    await second.handlers.GET_USER({ chainId: 'eip155:1' })
    expect(second.messages).toEqual([
      { lost: true, password: false },
      'This passkey does not open this wallet. Use the passkey you created with it.',
      undefined,
    ])
    expect(state.reshares).toBe(1)
  })

  it('when the visitor also set a recovery password and a new device lacks the passkey, then it is offered the password, which opens the same wallet; both ways in are kept', async () => {
    const { state, apiFor } = server()
    const screens: string[] = []
    const first = await device(apiFor('device-1'), {}, async (mode, check) => {
      screens.push(mode)
      expect(await check('copper lantern orbit thistle')).toBeUndefined()
    })
    const user = (await first.handlers.GET_USER({ chainId: 'eip155:1' })) as { address: string }
    expect(screens).toEqual(['backup'])
    expect(JSON.parse(state.recovery!.share)).toMatchObject({
      kdf: 'passkey-prf',
      password: { kdf: 'argon2id' },
    })

    const answers: (string | undefined)[] = []
    const second = await device(
      apiFor('device-2'),
      { output: () => Promise.reject(new PasskeyError('cancelled')) },
      async (mode, check) => {
        screens.push(mode)
        answers.push(await check('not the password at all'))
        answers.push(await check('copper lantern orbit thistle'))
      },
    )
    const opened = (await second.handlers.GET_USER({ chainId: 'eip155:1' })) as { address: string }
    expect(second.messages).toEqual([{ lost: true, password: true }])
    expect(answers).toEqual(['The recovery password is not correct', undefined])
    expect(opened.address).toBe(user.address)
    expect(state.reshares).toBe(1)
    // The new set is still sealed under the passkey, with the same password next to it.
    const resealed = state.recovery!.share
    expect(JSON.parse(resealed)).toMatchObject({ kdf: 'passkey-prf', ...ref, password: { kdf: 'argon2id' } })
    const third = await device(apiFor('device-3'), {})
    expect(((await third.handlers.GET_USER({ chainId: 'eip155:1' })) as { address: string }).address).toBe(
      user.address,
    )
    expect(JSON.parse(state.recovery!.share).password).toEqual(JSON.parse(resealed).password)
  })

  it('when the visitor picks the recovery password, or the passkey has no PRF, then the password seals the share', async () => {
    for (const setup of [
      async () => 'password' as const,
      async (create: () => Promise<string | undefined>) => {
        expect(await create()).toBe(
          'This passkey cannot protect a wallet (it has no PRF support). Choose the recovery password.',
        )
        return 'password' as const
      },
    ]) {
      const { state, apiFor } = server()
      const screens: string[] = []
      const first = await device(
        apiFor('device-1'),
        {
          askSetup: setup,
          create: () => Promise.reject(new PasskeyError('no-prf')),
        },
        async (mode, check) => {
          screens.push(mode)
          expect(await check('a long recovery password')).toBeUndefined()
        },
      )
      await first.handlers.GET_USER({ chainId: 'eip155:1' })
      expect(screens).toEqual(['setup'])
      expect(state.recovery?.mode).toBe('password')
      expect(JSON.parse(state.recovery!.share)).toMatchObject({ kdf: 'argon2id' })
    }
  })

  it('when the visitor sets a guessable recovery password, then it is refused with a message and no wallet is made; a strong one then works', async () => {
    const { state, apiFor } = server()
    const answers: (string | undefined)[] = []
    const first = await device(apiFor('device-1'), { available: async () => false }, async (_mode, check) => {
      answers.push(await check('Summer2024!!'))
      expect(state.wallet).toBeUndefined()
      answers.push(await check('copper lantern orbit thistle'))
    })
    await first.handlers.GET_USER({ chainId: 'eip155:1' })
    expect(answers).toEqual([
      'This password is too easy to guess. Use a longer one: four or more unrelated words work well.',
      undefined,
    ])
    expect(state.recovery?.mode).toBe('password')
  })

  it('when the browser has no passkey provider, then sign-up goes straight to the recovery password', async () => {
    const { state, apiFor } = server()
    const screens: string[] = []
    const first = await device(
      apiFor('device-1'),
      { available: async () => false, askSetup: () => Promise.reject(new Error('not offered')) },
      async (mode, check) => {
        screens.push(mode)
        expect(await check('a long recovery password')).toBeUndefined()
      },
    )
    await first.handlers.GET_USER({ chainId: 'eip155:1' })
    expect(screens).toEqual(['setup'])
    expect(state.recovery?.mode).toBe('password')
  })
})

describe('given where the frame and the page run', () => {
  it('then a passkey is offered only when no page host can claim the frame host as its RP id', () => {
    expect(passkeyHostIsFramesOwn('wallet.example.com', 'app.example.com')).toBe(true)
    expect(passkeyHostIsFramesOwn('wallet.example.com', 'example.com')).toBe(true)
    expect(passkeyHostIsFramesOwn('wallet.example.com', 'wallet.example.com')).toBe(false)
    expect(passkeyHostIsFramesOwn('example.com', 'app.example.com')).toBe(false)
    expect(passkeyHostIsFramesOwn('example.com', 'notexample.com')).toBe(true)
    expect(passkeyHostIsFramesOwn('localhost', 'localhost')).toBe(true)
  })
})
