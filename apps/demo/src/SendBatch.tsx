import { CallsPartlySentError, type CallsStatus } from '@latch/core'
import { useLatchAccount } from '@latch/react'
import { useCallsStatus, useSendCalls } from '@latch/react/calls'
import { useState } from 'react'
import { encodeFunctionData, erc20Abi, isAddress, parseAbi } from 'viem'

const mintAbi = parseAbi(['function mint(address to, uint256 amount)'])
/** 1 LTT (6 decimals). */
const AMOUNT = 1_000_000n

function describe(status: CallsStatus | undefined): string {
  if (!status) return 'Waiting for the status…'
  const sent = `${status.receipts?.length ?? 0} receipt(s), ${status.atomic ? 'atomic' : 'not atomic'}`
  return `${status.status ?? 'unknown'} (${status.statusCode}): ${sent}`
}

/**
 * An EIP-5792 batch of three calls on the local test token: mint 1 LTT to the connected account,
 * approve the recipient for it, then transfer it on. The transfer needs the mint's effect, so a
 * wallet (or the kit's fallback) that sends them one at a time has to wait for the first. From
 * the embedded wallet's smart account it is one user operation, its gas paid by the demo's
 * project (npm start sponsors calls to the test token).
 */
export function SendBatch() {
  const account = useLatchAccount()
  const { sendCalls } = useSendCalls()
  const [to, setTo] = useState('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  const [id, setId] = useState<string | undefined>()
  const [error, setError] = useState<string | undefined>()
  const { data: status, error: statusError } = useCallsStatus({ id })
  const send = async () => {
    setId(undefined)
    setError(undefined)
    if (!isAddress(to) || !account?.address) {
      setError('Enter a recipient address (0x followed by 40 hex characters).')
      return
    }
    const { TEST_TOKENS } = await import('@latch/testkit/wallet')
    const token = TEST_TOKENS.erc20.address
    try {
      const { id: batch } = await sendCalls({
        calls: [
          {
            to: token,
            data: encodeFunctionData({ abi: mintAbi, args: [account.address as `0x${string}`, AMOUNT] }),
          },
          {
            to: token,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [to, AMOUNT] }),
          },
          {
            to: token,
            data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, AMOUNT] }),
          },
        ],
      })
      setId(batch)
    } catch (e) {
      // A batch that stopped half-way still has a status: it says which calls went out.
      if (e instanceof CallsPartlySentError) setId(e.id)
      setError(e instanceof Error ? ((e as { shortMessage?: string }).shortMessage ?? e.message) : String(e))
    }
  }
  return (
    <section aria-labelledby="batch-title">
      <h2 id="batch-title">Send a batch (EIP-5792)</h2>
      <p>
        Mints 1 LTT of the local test token to you, approves the recipient for it, then transfers it to them,
        as one batch.
      </p>
      <label>
        Recipient
        <input value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
      <button type="button" className="demo-button" onClick={send}>
        Send batch
      </button>
      {id && (
        <p>
          Batch: <code data-testid="demo-batch-id">{id}</code>
        </p>
      )}
      {id && <p data-testid="demo-batch-status">{statusError ? statusError.message : describe(status)}</p>}
      {error && (
        <p role="alert" className="demo-error" data-testid="demo-batch-error">
          {error}
        </p>
      )}
    </section>
  )
}
