// What a RainbowKit app keeps as it was: its own wagmi 2 hooks, which see the account Latch
// connected, sign through it and send through it.
import { parseEther } from 'viem'
import { useAccount, useSendTransaction, useSignMessage, useWaitForTransactionReceipt } from 'wagmi'

/** The test mnemonic's second account: a plain address on the local chain. */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export function SignMessage() {
  const { address } = useAccount()
  const { signMessage, data } = useSignMessage()
  const { sendTransaction, data: hash, error } = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash })
  if (!address) return null
  return (
    <p>
      <button type="button" onClick={() => signMessage({ message: 'Hello from a RainbowKit app' })}>
        Sign message
      </button>
      <output data-testid="signer">{address}</output>
      <output data-testid="signature">{data}</output>
      <button type="button" onClick={() => sendTransaction({ to: RECIPIENT, value: parseEther('0.01') })}>
        Send 0.01 ETH
      </button>
      <output data-testid="tx-hash">{hash}</output>
      <output data-testid="tx-receipt">
        {receipt.data ? `${receipt.data.status} in block ${receipt.data.blockNumber}` : ''}
      </output>
      <output data-testid="tx-error">{error?.message}</output>
    </p>
  )
}
