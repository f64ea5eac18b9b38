import { describe, expect, it } from 'vitest'
import type { Api } from './api.js'
import { deviceRecord, frameWallet } from './test/wallet.js'

// The typed-data screen warns when a domain's chain is not the wallet's: a page that could move
// the wallet to any chain could silence it, so a move needs the project's RPC URL for the chain.

async function wallet(rpcUrls: Record<string, string>) {
  const record = await deviceRecord('e30.e30.sig')
  return frameWallet(record, {} as Api, { parentOrigin: 'https://app.example', rpcUrls })
}

describe('given a chain switch the project has no RPC URL for', () => {
  it('when the page sends SWITCH_NETWORK or GET_USER with that chain, then it is refused and the chain stays', async () => {
    const handlers = await wallet({ 'eip155:1': 'http://127.0.0.1:1' })
    await expect(handlers.SWITCH_NETWORK({ chainId: 'eip155:137' })).rejects.toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
    })
    await expect(handlers.GET_USER({ chainId: 'eip155:137' })).rejects.toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
    })
    expect(await handlers.GET_CHAIN_ID({})).toEqual({ chainId: 'eip155:1' })
  })
})

describe('given a chain switch the project has an RPC URL for', () => {
  it('when the page sends SWITCH_NETWORK, then the wallet moves', async () => {
    const handlers = await wallet({ 'eip155:1': 'http://127.0.0.1:1', 'eip155:8453': 'http://127.0.0.1:2' })
    expect(await handlers.SWITCH_NETWORK({ chainId: 'eip155:8453' })).toEqual({ chainId: 'eip155:8453' })
  })
})
