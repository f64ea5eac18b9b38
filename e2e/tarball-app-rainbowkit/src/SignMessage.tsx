// What a RainbowKit app keeps as it was: its own wagmi 2 hooks, which see the account Latch connected.
import { useAccount, useSignMessage } from 'wagmi'

export function SignMessage() {
  const { address } = useAccount()
  const { signMessage, data } = useSignMessage()
  if (!address) return null
  return (
    <p>
      <button type="button" onClick={() => signMessage({ message: 'Hello from a RainbowKit app' })}>
        Sign message
      </button>
      <output data-testid="signer">{address}</output>
      <output data-testid="signature">{data}</output>
    </p>
  )
}
