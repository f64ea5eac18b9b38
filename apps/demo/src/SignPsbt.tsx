import type { BitcoinAdapter } from '@latch/bitcoin'
import { useLatch, useLatchAccount, useLatchNetwork } from '@latch/react'
import { useState } from 'react'
import { env } from './env.js'

/** What the PSBT pays the recipient: 0.001 BTC. */
const PAY_SATS = 100_000n
/** Its fee: 1,000 sats. */
const FEE_SATS = 1_000n

interface Utxo {
  txid: string
  vout: number
  value: number
}

/**
 * Bitcoin's `signPsbt` (spec §6): the page builds a PSBT that spends the connected payment
 * address's first output to `to` (the change back to the address), the wallet signs it, and the
 * page shows the signed PSBT. Nothing is broadcast: the test reads the PSBT and checks its
 * signature with a library of its own.
 */
export function SignPsbt({ to }: { to: string }) {
  const latch = useLatch()
  const account = useLatchAccount()
  const { caipNetwork } = useLatchNetwork()
  const [signed, setSigned] = useState<string | undefined>()
  const [error, setError] = useState<string | undefined>()
  const sign = async () => {
    setSigned(undefined)
    setError(undefined)
    const address = account?.address
    const adapter = latch.adapters.get('bip122') as BitcoinAdapter | undefined
    if (!address || !adapter || !caipNetwork) return
    try {
      const [{ Address, OutScript, Transaction }, { base64 }] = await Promise.all([
        import('@scure/btc-signer'),
        import('@scure/base'),
      ])
      const network = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
      const utxos = (await (await fetch(`${env.bitcoinApi}/address/${address}/utxo`)).json()) as Utxo[]
      const utxo = utxos.find((u) => BigInt(u.value) > PAY_SATS + FEE_SATS)
      if (!utxo) {
        setError('The address has no output large enough to spend.')
        return
      }
      const tx = new Transaction()
      tx.addInput({
        txid: utxo.txid,
        index: utxo.vout,
        witnessUtxo: {
          script: OutScript.encode(Address(network).decode(address)),
          amount: BigInt(utxo.value),
        },
      })
      tx.addOutputAddress(to, PAY_SATS, network)
      tx.addOutputAddress(address, BigInt(utxo.value) - PAY_SATS - FEE_SATS, network)
      const { psbt } = await adapter.signPsbt({
        psbt: base64.encode(tx.toPSBT()),
        inputsToSign: [{ address, signingIndexes: [0] }],
      })
      setSigned(psbt)
    } catch (e) {
      setError(e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e))
    }
  }
  return (
    <section aria-labelledby="psbt-title">
      <h2 id="psbt-title">Sign a PSBT</h2>
      <p>Spends 0.001 BTC of this address to {to}, change back; signed, not sent.</p>
      <button type="button" className="demo-button" onClick={sign}>
        Sign PSBT
      </button>
      {signed && (
        <p>
          <code data-testid="demo-psbt" style={{ wordBreak: 'break-all' }}>
            {signed}
          </code>
        </p>
      )}
      {error && (
        <p role="alert" className="demo-error" data-testid="demo-psbt-error">
          {error}
        </p>
      )}
    </section>
  )
}
