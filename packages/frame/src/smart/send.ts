import { getAddress, type Hex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import type { ApprovalView } from '../approval.js'
import type { Wallet } from '../handlers/handler.js'
import { FrameError } from '../protocol.js'
import type { AccountRecord } from '../storage.js'
import type { SmartAccount, SmartAccounts } from './accounts.js'
import { callService, userOperationHash } from './services.js'
import type { AccountCall } from './simpleAccount.js'
import { prepareOperation, rpcOperation } from './userOperation.js'

/**
 * One user operation of `calls` from the smart account: built whole (userOperation.ts) when its
 * turn on screen comes, shown, signed by the EOA key as the account checks it (an EIP-191
 * signature of the operation's hash: every field shown and built), then sent through the
 * project's bundler. Answers the user operation's hash.
 */
export async function sendOperation(
  w: Wallet,
  accounts: SmartAccounts,
  request: { signedIn: AccountRecord; eoa: string; smart: SmartAccount; calls: AccountCall[] },
): Promise<Hex> {
  const { api, state, options } = w.ctx
  const { signedIn, eoa, smart, calls } = request
  const chain = state.chainId
  let prepared: Awaited<ReturnType<typeof prepareOperation>> | undefined
  const signature = await w.approvals.withApproval(
    signedIn,
    eoa,
    async (): Promise<ApprovalView> => {
      const deployed = await accounts.isDeployed(chain, smart.address)
      prepared = await prepareOperation({
        api,
        rpc: w.eip155.rpcFor(chain),
        chainId: chain,
        sender: smart.address,
        owner: getAddress(eoa),
        factory: smart.factory,
        deployed,
        calls,
      })
      return {
        origin: options.parentOrigin ?? '',
        dappName: state.dappName,
        from: smart.address,
        kind: 'userOperation',
        calls: calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data })),
        chainId: BigInt(chain.split(':')[1] ?? '0'),
        paymaster: prepared.paymaster,
        createsAccount: !deployed,
      }
    },
    (signer) => signer.signPersonal(prepared!.hash) as Hex,
  )
  const { operation, hash } = prepared!
  const sent = await callService(
    api,
    'bundler',
    chain,
    {
      method: 'eth_sendUserOperation',
      params: [rpcOperation({ ...operation, signature }), entryPoint07Address],
    },
    userOperationHash,
  )
  if (sent.toLowerCase() !== hash.toLowerCase())
    throw new FrameError('The bundler answered another user operation hash', 'BUNDLER_ERROR')
  return hash
}
