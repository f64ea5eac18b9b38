import { useState, useSyncExternalStore } from 'react'
import {
  devWalletContractMode,
  getDevWallet,
  selectDevWalletAccount,
  setDevWalletContractMode,
  watchDevWallet,
} from './devWallet.js'

/** Knobs of the Latch Dev Wallet, so every flow (rejections included) can be tried by hand. */
export function DevWalletPanel() {
  const [reject, setReject] = useState(false)
  const [batches, setBatches] = useState(true)
  // The wallet starts after its code loads: the panel shows as soon as it is there.
  const controls = useSyncExternalStore(watchDevWallet, getDevWallet, () => undefined)
  const contractMode = useSyncExternalStore(watchDevWallet, devWalletContractMode, () => false)
  const solana = typeof window === 'undefined' ? undefined : window.__latchDemoSolanaWallet
  if (!controls) return null
  return (
    <section aria-labelledby="dev-title">
      <h2 id="dev-title">Latch Dev Wallet</h2>
      <p>
        A test wallet with funded keys on the local chains (Ethereum, Base and Solana). Use it like a browser
        wallet from the Connect button.
      </p>
      <label className="row">
        <input
          type="checkbox"
          checked={reject}
          onChange={(e) => {
            setReject(e.target.checked)
            controls.setApproval(e.target.checked ? 'reject' : 'approve')
            solana?.setApproval(e.target.checked ? 'reject' : 'approve')
          }}
        />
        Reject every request
      </label>
      <label className="row">
        <input
          type="checkbox"
          checked={contractMode}
          onChange={(e) => setDevWalletContractMode(e.target.checked)}
        />
        Contract account (ERC-1271, owned by account 1)
      </label>
      <label className="row">
        <input
          type="checkbox"
          checked={!batches}
          onChange={(e) => {
            setBatches(!e.target.checked)
            controls.setBatchCalls(!e.target.checked)
          }}
        />
        Without EIP-5792 batches (the kit then sends each call itself)
      </label>
      <div className="row">
        <button type="button" className="demo-button" onClick={() => selectDevWalletAccount(1)}>
          Wallet: use account 2
        </button>
        <button type="button" className="demo-button" onClick={() => controls.changeChain(31337)}>
          Wallet: go to chain 31337
        </button>
        <button type="button" className="demo-button" onClick={() => controls.disconnect()}>
          Wallet: disconnect
        </button>
      </div>
      <div className="row">
        <button type="button" className="demo-button" onClick={() => solana?.setAccount(1)}>
          Solana: use account 2
        </button>
        <button type="button" className="demo-button" onClick={() => solana?.disconnect()}>
          Solana: disconnect
        </button>
      </div>
    </section>
  )
}
