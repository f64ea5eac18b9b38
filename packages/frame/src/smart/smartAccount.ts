// The embedded wallet's ERC-4337 smart account: the reference SimpleAccount v0.7 its EOA key owns
// (salt 0), on the chains the project runs smart accounts on. Loaded with import() when a request
// needs it (smart/load.ts); a visitor who keeps the EOA loads it only for GET_USER's account list.
import { getAddress } from 'viem'
import type { Wallet } from '../handlers/handler.js'
import type { AccountRecord } from '../storage.js'
import { createSmartAccounts, type SmartAccount } from './accounts.js'
import { accountInUse, smartUnsafe, smartWallet } from './requests.js'

type AccountType = 'eoa' | 'smartAccount'

export function createSmart(w: Wallet) {
  const { ctx } = w
  const accounts = createSmartAccounts(ctx.api, w.eip155.rpcFor)
  const chain = () => ctx.state.chainId

  /**
   * GET_USER's account fields. The account in use is the visitor's choice (SET_PREFERRED_ACCOUNT),
   * kept on this device's record. The page's `preferredAccountType` (the app's default account
   * type, spec §3) is only a default: it is adopted, and kept, when the visitor has made no choice
   * yet and the frame's chain runs smart accounts; it never moves a visitor off a choice they made.
   */
  async function user(signedIn: AccountRecord, eoa: string, pageDefault?: AccountType) {
    const adopt = signedIn.preferredAccountType === undefined && pageDefault === 'smartAccount'
    let preferred = signedIn.preferredAccountType ?? 'eoa'
    const eoaOnly = () => ({
      address: eoa,
      accounts: [{ address: eoa, type: 'eoa' as const }],
      preferredAccountType: preferred,
      smartAccountDeployed: false,
    })
    let smart: SmartAccount | undefined
    try {
      smart = await accounts.accountOn(chain(), eoa)
    } catch (error) {
      // The EOA answers anyway; a visitor who chose the smart account is never switched silently.
      if (preferred === 'smartAccount') throw error
      return eoaOnly()
    }
    if (smart === undefined) return eoaOnly()
    if (adopt) {
      signedIn.preferredAccountType = preferred = 'smartAccount'
      await ctx.save()
    }
    return {
      address: preferred === 'smartAccount' ? smart.address : eoa,
      accounts: [
        { address: eoa, type: 'eoa' as const },
        { address: smart.address, type: 'smartAccount' as const },
      ],
      preferredAccountType: preferred,
      smartAccountDeployed: await accounts.isDeployed(chain(), smart.address).catch(() => false),
    }
  }

  /** INIT_SMART_ACCOUNT: the account on the frame's chain and whether it is deployed yet. */
  async function init(eoa: string) {
    const smart = await accounts.requireOn(chain(), eoa)
    return { address: smart.address, isDeployed: await accounts.isDeployed(chain(), smart.address) }
  }

  /** SET_PREFERRED_ACCOUNT: kept on this device's record of the account; refused (nothing kept) on a chain without smart accounts. */
  async function setPreferred(signedIn: AccountRecord, eoa: string, type: AccountType) {
    const smart = type === 'smartAccount' ? await accounts.requireOn(chain(), eoa) : undefined
    signedIn.preferredAccountType = type
    await ctx.save()
    return { type, address: smart?.address ?? getAddress(eoa) }
  }

  async function smartAccountEnabledNetworks() {
    const chains = [...(await accounts.enabled()).keys()]
    return { smartAccountEnabledNetworks: chains.map((id) => Number(id.split(':')[1])) }
  }

  return {
    user,
    init,
    setPreferred,
    smartAccountEnabledNetworks,
    inUse: (signedIn: AccountRecord, eoa: string) => accountInUse(w, accounts, signedIn, eoa),
    unsafe: (method: string, params: unknown[], signedIn: AccountRecord, eoa: string) =>
      smartUnsafe(w, accounts, { method, params, signedIn, eoa }),
    wallet: (
      method: string,
      params: unknown[],
      signedIn: AccountRecord | undefined,
      eoa: string | undefined,
    ) => smartWallet(w, accounts, { method, params, signedIn, eoa }),
  }
}

export type Smart = ReturnType<typeof createSmart>
