import { describe, expect, it } from 'vitest'
import { createSessionNamespace } from './sessionNamespace.js'

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

function facadeOf(namespace: string, start: unknown) {
  let session = start
  const sent: { args: unknown; chainId: string }[] = []
  const facade = createSessionNamespace({
    namespace,
    session: () => session,
    async request(args, chainId) {
      sent.push({ args, chainId })
      if (args.method === 'fail') throw new Error('declined')
      return { echoed: args.params }
    },
  })
  return { facade, sent, set: (next: unknown) => (session = next) }
}

describe('given a session namespace facade', () => {
  it('when the session has the namespace, then its accounts and methods are read (chain-keyed entries too, garbage left out)', () => {
    const { facade } = facadeOf('bip122', {
      namespaces: {
        eip155: { accounts: ['eip155:1:0xabc'], methods: ['personal_sign'] },
        bip122: { accounts: [`${REGTEST}:bcrt1qa`, 7], methods: ['signMessage', null, 'signPsbt'] },
        [`${REGTEST}`]: { accounts: [`${REGTEST}:bcrt1qb`, `${REGTEST}:bcrt1qa`], methods: ['signPsbt'] },
      },
    })
    expect(facade.accounts()).toEqual([`${REGTEST}:bcrt1qa`, `${REGTEST}:bcrt1qb`])
    expect(facade.methods()).toEqual(['signMessage', 'signPsbt'])
  })

  it('when there is no session or no such namespace, then it has no accounts and no methods', () => {
    expect(facadeOf('bip122', undefined).facade.accounts()).toEqual([])
    expect(facadeOf('bip122', { namespaces: 'nope' }).facade.methods()).toEqual([])
    const { facade } = facadeOf('bip122', { namespaces: { solana: { accounts: [`${SOLANA}:abc`] } } })
    expect(facade.accounts()).toEqual([])
  })

  it('when a request is sent, then it goes for the chain asked and its answer or failure comes back', async () => {
    const { facade, sent } = facadeOf('solana', { namespaces: {} })
    await expect(facade.request({ method: 'solana_signMessage', params: { m: 1 } }, SOLANA)).resolves.toEqual(
      {
        echoed: { m: 1 },
      },
    )
    expect(sent).toEqual([{ args: { method: 'solana_signMessage', params: { m: 1 } }, chainId: SOLANA }])
    await expect(facade.request({ method: 'fail', params: {} }, SOLANA)).rejects.toThrow('declined')
  })

  it('when the connector notifies, then listeners get the given accounts or the session’s own, until they unsubscribe', () => {
    const { facade, set } = facadeOf('bip122', {
      namespaces: { bip122: { accounts: [`${REGTEST}:bcrt1qa`] } },
    })
    const seen: (readonly string[])[] = []
    const stop = facade.onAccountsChanged((accounts) => seen.push(accounts))
    facade.notify([`${REGTEST}:bcrt1qz`])
    set({ namespaces: { bip122: { accounts: [`${REGTEST}:bcrt1qc`] } } })
    facade.notify()
    stop()
    facade.notify()
    expect(seen).toEqual([[`${REGTEST}:bcrt1qz`], [`${REGTEST}:bcrt1qc`]])
  })
})
