// The adapter's structural types against the libraries they stand in for: a real Keplr object
// (`@keplr-wallet/types`) is a wallet the adapter can drive, and the adapter's offline signer is
// a CosmJS `OfflineAminoSigner & OfflineDirectSigner` (SigningStargateClient takes it).
import type { OfflineAminoSigner } from '@cosmjs/amino'
import type { OfflineDirectSigner } from '@cosmjs/proto-signing'
import type { Keplr } from '@keplr-wallet/types'
import { expectTypeOf, it } from 'vitest'
import type { CosmosOfflineSigner, KeplrLike } from './index.js'

it('given Keplr’s published interface, then it is a KeplrLike', () => {
  expectTypeOf<Keplr>().toMatchTypeOf<KeplrLike>()
})

it('given the offline signer, then CosmJS takes it as amino and direct signer', () => {
  expectTypeOf<CosmosOfflineSigner>().toMatchTypeOf<OfflineAminoSigner & OfflineDirectSigner>()
})
