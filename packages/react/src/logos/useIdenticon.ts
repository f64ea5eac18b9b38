'use client'
import { useEffect, useState } from 'react'

type Blo = typeof import('blo')['blo']
let loaded: Blo | undefined

/**
 * The identicon of an EVM, Solana or Polkadot address as an SVG data URL (blo), or undefined until
 * blo has loaded (after the first render, so it stays off first load) or for any other text. blo
 * seeds its pattern from the address's characters, so a base58 Solana address (32 to 44
 * characters) or an SS58 Polkadot one (up to 48) gets a stable one too.
 */
export function useIdenticon(address: string): string | undefined {
  const [blo, setBlo] = useState<Blo | undefined>(() => loaded)
  const valid = /^0x[0-9a-fA-F]{40}$/.test(address) || /^[1-9A-HJ-NP-Za-km-z]{32,48}$/.test(address)
  useEffect(() => {
    if (!valid || blo) return
    let live = true
    import('blo').then(
      (m) => {
        loaded = m.blo
        if (live) setBlo(() => m.blo)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [valid, blo])
  return valid && blo ? blo(address as `0x${string}`) : undefined
}
