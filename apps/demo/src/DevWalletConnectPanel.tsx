import { useLatchState } from '@latch/react'
import { useEffect, useRef, useState } from 'react'
import { env } from './env.js'

type Status =
  | { kind: 'idle' }
  | { kind: 'pairing' }
  | { kind: 'paired'; address: string; signedIn: boolean }
  | { kind: 'error'; message: string }

async function pair(uri: string): Promise<Status> {
  try {
    const response = await fetch(`${env.devWalletWalletConnect}/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uri }),
    })
    const body = (await response.json()) as { address?: unknown; signedIn?: unknown; message?: unknown }
    if (response.ok && typeof body.address === 'string')
      return { kind: 'paired', address: body.address, signedIn: body.signedIn === true }
    return {
      kind: 'error',
      message: typeof body.message === 'string' ? body.message : `HTTP ${response.status}`,
    }
  } catch {
    return { kind: 'error', message: 'The Dev Wallet is not reachable (is `npm start` running?).' }
  }
}

/** How long a pairing URI stays on screen before the Dev Wallet "scans" it. */
const SCAN_DELAY_MS = 400

/**
 * The Dev Wallet's WalletConnect side: a wallet peer that `npm start` runs on the local relay. It
 * plays the phone by "scanning" the QR code the modal shows. (There is no field to paste the link:
 * the page behind the open modal cannot be used, and closing the modal ends the pairing.)
 */
export function DevWalletConnectPanel() {
  const [auto, setAuto] = useState(false)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const shown = useLatchState((s) => s.sessions.walletConnect?.pairing?.uri)
  const answered = useRef<string | undefined>(undefined)

  // "Scan" the QR code: the modal's pairing URI goes to the wallet once it has stayed on screen a
  // moment, as a phone's camera reads it. (A view mounted twice in development shows a first URI
  // that is replaced at once; pairing that one too would leave a second session behind.)
  useEffect(() => {
    if (!auto || !shown || answered.current === shown) return
    const timer = setTimeout(() => {
      answered.current = shown
      setStatus({ kind: 'pairing' })
      void pair(shown).then(setStatus)
    }, SCAN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [auto, shown])

  if (!env.devWalletWalletConnect) return null
  return (
    <section aria-labelledby="dev-wc-title">
      <h2 id="dev-wc-title">Latch Dev Wallet over WalletConnect</h2>
      <p>
        A wallet on the local WalletConnect relay, as a phone would be. Turn on the scan below, then pick
        WalletConnect in the modal: the wallet reads the QR code by itself and approves, Ethereum and Solana
        alike. When the demo asks for sign-in, one approval connects and signs in.
      </p>
      <label className="row">
        <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} />
        Scan the QR code automatically
      </label>
      <p role="status" data-testid="demo-dev-wc-status">
        {status.kind === 'pairing'
          ? 'Pairing…'
          : status.kind === 'paired'
            ? status.signedIn
              ? `Approved the session and signed in with ${status.address}`
              : `Approved the session with ${status.address}`
            : status.kind === 'error'
              ? status.message
              : ''}
      </p>
    </section>
  )
}
