import { recoverMessageAddress, recoverTypedDataAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ApprovalView, Decision } from './approval.js'
import {
  devAddress as address,
  frameWallet,
  sessionToken,
  shareServer,
  signedInDevice,
} from './test/wallet.js'

/** A signed-in device holding its share, a server releasing the auth share, and a scripted screen. */
async function setUp(decide: (view: ApprovalView) => Promise<Decision> | Decision = () => true) {
  const { record, authShare } = await signedInDevice(sessionToken('session-1'), { eip155Address: address })
  const { api, released } = shareServer(authShare)
  const shown: ApprovalView[] = []
  const visibility: boolean[] = []
  const handlers = frameWallet(record, api, {
    setVisible: (visible) => visibility.push(visible),
    parentOrigin: 'https://app.example',
    rpcUrls: {},
    showApproval: (view) => {
      shown.push(view)
      let cancel = () => {}
      const decision = new Promise<Decision>((resolve) => {
        cancel = () => resolve(false)
        Promise.resolve(decide(view)).then(resolve)
      })
      return { decision, cancel }
    },
  })
  return { handlers, shown, released, visibility }
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; message: string }) => ({ code: error.code, message: error.message }),
  )

describe('given the frame’s RPC_REQUEST handler', () => {
  it('when personal_sign is approved, then the key rebuilt from the two shares signs it, after one share release', async () => {
    const { handlers, shown, released, visibility } = await setUp()
    const { result } = (await handlers.RPC_REQUEST({
      method: 'personal_sign',
      params: ['0x48656c6c6f', address],
    })) as {
      result: `0x${string}`
    }
    expect(await recoverMessageAddress({ message: 'Hello', signature: result })).toBe(address)
    expect(shown).toMatchObject([
      { kind: 'message', text: 'Hello', origin: 'https://app.example', from: address },
    ])
    expect(released).toHaveLength(1)
    expect(visibility).toEqual([true, false])
  })

  it('when a Permit is approved, then the EIP-712 signature recovers to the account, and a domain of another chain is still shown with its chain', async () => {
    const { handlers, shown } = await setUp()
    const typedData = {
      domain: {
        name: 'Token',
        version: '1',
        chainId: 8453,
        verifyingContract: '0x6B175474E89094C44Da98b954EedeAC495271d0F',
      },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: {
        owner: address,
        spender: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD',
        value: '5',
        nonce: '0',
        deadline: '10',
      },
    } as const
    const { result } = (await handlers.RPC_REQUEST({
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })) as { result: `0x${string}` }
    const message = { ...typedData.message, value: 5n, nonce: 0n, deadline: 10n }
    expect(await recoverTypedDataAddress({ ...typedData, message, signature: result })).toBe(address)
    expect(shown[0]).toMatchObject({
      kind: 'typedData',
      chainId: 1n,
      typedData: { domain: { chainId: 8453n }, primaryType: 'Permit' },
    })
  })

  it('when the visitor rejects, then the request fails USER_REJECTED, no share is released, and the requests queued behind it are aborted', async () => {
    const { handlers, released } = await setUp(() => false)
    const first = failure(handlers.RPC_REQUEST({ method: 'personal_sign', params: ['0x01', address] }))
    const second = failure(handlers.RPC_REQUEST({ method: 'personal_sign', params: ['0x02', address] }))
    expect(await first).toEqual({ code: 'USER_REJECTED', message: 'User rejected the request' })
    expect(await second).toEqual({ code: 'ABORTED', message: 'Request was aborted' })
    expect(released).toEqual([])
  })

  it('when the approval window is closed unanswered, then the request and those queued behind it end "Request was aborted", and no share is released', async () => {
    const { handlers, released } = await setUp(() => 'aborted')
    const first = failure(handlers.RPC_REQUEST({ method: 'personal_sign', params: ['0x01', address] }))
    const second = failure(handlers.RPC_REQUEST({ method: 'personal_sign', params: ['0x02', address] }))
    expect(await first).toEqual({ code: 'ABORTED', message: 'Request was aborted' })
    expect(await second).toEqual({ code: 'ABORTED', message: 'Request was aborted' })
    expect(released).toEqual([])
  })

  it('when the page aborts (the modal’s Cancel), then the open screen closes and the request ends "Request was aborted"', async () => {
    const { handlers, shown } = await setUp(() => new Promise(() => {}))
    const pending = failure(handlers.RPC_REQUEST({ method: 'personal_sign', params: ['0x01', address] }))
    await expect.poll(() => shown.length).toBe(1)
    await handlers.ABORT_REQUESTS({})
    expect(await pending).toEqual({ code: 'ABORTED', message: 'Request was aborted' })
  })

  it('then eth_sign, a request for another account, bad parameters and a read without a configured RPC are refused without a screen', async () => {
    const { handlers, shown } = await setUp()
    expect(
      await failure(handlers.RPC_REQUEST({ method: 'eth_sign', params: [address, `0x${'11'.repeat(32)}`] })),
    ).toEqual({
      code: 'NOT_ALLOWED',
      message: 'Requested RPC call is not allowed',
    })
    expect(
      await failure(
        handlers.RPC_REQUEST({
          method: 'personal_sign',
          params: ['0x01', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
        }),
      ),
    ).toMatchObject({ code: 'WRONG_ACCOUNT' })
    expect(
      await failure(handlers.RPC_REQUEST({ method: 'eth_signTypedData_v4', params: [address, '{'] })),
    ).toMatchObject({
      code: 'INVALID_PARAMS',
    })
    expect(
      await failure(handlers.RPC_REQUEST({ method: 'eth_getBalance', params: [address, 'latest'] })),
    ).toMatchObject({
      code: 'NO_RPC',
    })
    expect(
      await failure(
        handlers.RPC_REQUEST({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }),
      ),
    ).toMatchObject({
      code: 'UNSUPPORTED_CHAIN',
    })
    expect(shown).toEqual([])
  })
})
