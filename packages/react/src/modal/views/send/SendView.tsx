'use client'
import type { CaipNetwork, ChainNamespace, Latch } from '@latch/core'
import { useLatchAccount } from '../../../hooks/useLatchAccount.js'
import { useLatchState } from '../../../hooks/useLatchState.js'
import { useNetworkState } from '../../../hooks/useNetworkState.js'
import { useT } from '../../../i18n/context.js'
import type { ViewProps } from '../index.js'
import { useAccountTokens } from './accountTokens.js'
import { SendForm } from './SendForm.js'
import { SendResult, SendReview } from './SendReview.js'

/**
 * Send (spec §1): pick a token of the account's list, a recipient and an amount, review it with
 * its network fee, then the connected wallet sends it. The form lives in the state's `send`, so
 * it survives going back and forth and is reset when the active network changes (spec §4).
 */
export default function SendView({ latch }: ViewProps<'Send'>) {
  const t = useT()
  const account = useLatchAccount({ latch })
  const { caipNetwork, unsupported } = useNetworkState(latch)
  if (!account.address || !account.namespace || !caipNetwork || unsupported)
    return <p className="latch-muted">{t('send.unavailable')}</p>
  return (
    <SendTokens
      latch={latch}
      namespace={account.namespace}
      address={account.address}
      caipNetwork={caipNetwork}
    />
  )
}

function SendTokens(props: {
  latch: Latch
  namespace: ChainNamespace
  address: string
  caipNetwork: CaipNetwork
}) {
  const { latch, caipNetwork } = props
  const t = useT()
  const send = useLatchState((s) => s.send, { latch })
  const list = useAccountTokens(latch, props)
  if ('placeholder' in list) return list.placeholder
  const { tokens } = list
  if (tokens.length === 0) return <p className="latch-muted">{t('send.unavailable')}</p>
  const key = (token: (typeof tokens)[number]) => token.address ?? 'native'
  const token = tokens.find((candidate) => key(candidate) === send.token) ?? tokens[0]!
  // Until the visitor picks one, the first of the list (the native coin) is the token.
  if (send.status === 'review' || send.status === 'pending')
    return <SendReview latch={latch} send={send} token={token} caipNetwork={caipNetwork} />
  if (send.status === 'success' || send.status === 'failed')
    return <SendResult latch={latch} send={send} token={token} caipNetwork={caipNetwork} />
  return <SendForm latch={latch} send={send} token={token} tokens={tokens} tokenKey={key} />
}
