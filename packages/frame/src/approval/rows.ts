import type { ApprovalView } from '../approval.js'
import { type Argument, amountToken, type DecodedCall, decodeCall } from '../decode/calls.js'
import { looksLikePermission, type SeaportItem, type Shape, shapeOf } from '../decode/shapes.js'
import { foreignSignIn, visibleText } from '../decode/text.js'
import {
  fiatValue,
  isUnlimited,
  localNative,
  nativeAmount,
  type Tokens,
  tokenAmount,
} from '../decode/tokens.js'
import { canonicalTypedData, type Field } from '../decode/typed.js'
import { t } from '../i18n.js'
import { formatSol } from '../solana.js'

/** One row of the screen: its label (already text), its value, and how deep it is nested. */
export type Row = [label: string, value: string, depth?: number]

/** What the screen shows: rows in reading order, and warnings above them. */
export interface Screen {
  rows: Row[]
  warnings: string[]
  /** Set when the request cannot succeed (the balance cannot pay it): no Approve is offered. */
  cannotApprove?: boolean
}

function deadlineText(deadline: bigint | undefined): string {
  if (deadline === undefined || deadline === 0n || deadline >= 2n ** 48n - 1n) return t('approve.noDeadline')
  return `${new Date(Number(deadline) * 1000).toISOString()} (${deadline})`
}

/** Text from outside, escaped where it hides characters; an escape adds the warning once. */
function shownText(text: string, screen: Screen): string {
  const shown = visibleText(text)
  const warning = t('approve.hiddenCharacters')
  if (shown.escaped && !screen.warnings.includes(warning)) screen.warnings.push(warning)
  return shown.text
}

function messageRows(view: ApprovalView & { kind: 'message' }, screen: Screen): void {
  if (view.text === undefined) {
    screen.rows.push([t('approve.messageHex'), view.hex])
    return
  }
  const foreign = foreignSignIn(view.text, view.origin)
  if (foreign !== undefined)
    screen.warnings.push(
      t('approve.foreignSignIn', { domain: visibleText(foreign).text, origin: view.origin }),
    )
  screen.rows.push([t('approve.message'), shownText(view.text, screen)])
}

function permitRows(shape: Shape & { kind: 'permit' }, tokens: Tokens | undefined, screen: Screen): void {
  screen.rows.push([t('approve.permit', { kind: shape.standard }), ''])
  screen.rows.push([t('approve.spender'), shape.spender, 1])
  let unlimited = false
  for (const { token, amount } of shape.amounts) {
    if (token !== undefined) screen.rows.push([t('approve.token'), token, 1])
    if (amount === 'unlimited' || (amount !== 'revoked' && isUnlimited(amount))) unlimited = true
    const text =
      amount === 'unlimited'
        ? t('approve.unlimited')
        : amount === 'revoked'
          ? '0'
          : tokenAmount(amount, token, tokens)
    screen.rows.push([t('approve.amount'), text, 1])
  }
  screen.rows.push([t('approve.deadline'), deadlineText(shape.deadline), 1])
  if (unlimited) screen.warnings.push(t('approve.riskUnlimited', { spender: shape.spender }))
}

function seaportItem(item: SeaportItem, chainId: bigint, tokens: Tokens | undefined): string {
  const amount = (format: (n: bigint) => string) =>
    item.startAmount === item.endAmount
      ? format(item.startAmount)
      : `${format(item.startAmount)} → ${format(item.endAmount)}`
  const to = item.recipient ? ` → ${item.recipient}` : ''
  if (item.itemType === 0) return amount((n) => nativeAmount(n, chainId)) + to
  if (item.itemType === 1) return amount((n) => tokenAmount(n, item.token, tokens)) + to
  const id = item.itemType >= 4 ? '*' : item.identifier.toString()
  return `${amount((n) => n.toString())} × ${item.token} #${id}${to}`
}

function fieldRows(fields: Field[], screen: Screen, depth: number): void {
  for (const f of fields)
    screen.rows.push([
      `${shownText(f.name, screen)} (${f.type})`,
      f.value === undefined ? '' : shownText(f.value, screen),
      depth + f.depth,
    ])
}

function typedDataRows(view: ApprovalView & { kind: 'typedData' }, screen: Screen): void {
  const fields = canonicalTypedData(view.typedData)
  const { domain } = view.typedData
  const contract = domain.verifyingContract as string | undefined
  if (typeof domain.name === 'string') screen.rows.push([t('approve.domain'), shownText(domain.name, screen)])
  if (contract !== undefined) screen.rows.push([t('approve.contract'), contract])
  const domainChain = domain.chainId as bigint | undefined
  if (domainChain !== undefined) {
    screen.rows.push([t('approve.domainChain'), domainChain.toString()])
    if (domainChain !== view.chainId)
      screen.warnings.push(
        t('approve.chainMismatch', { domain: domainChain.toString(), current: view.chainId.toString() }),
      )
  }
  screen.rows.push([t('approve.primaryType'), view.typedData.primaryType])
  const shape = shapeOf(view.typedData, contract)
  if (shape?.kind === 'permit') permitRows(shape, view.tokens, screen)
  else if (shape?.kind === 'seaport') {
    screen.rows.push([t(shape.listing ? 'approve.seaportListing' : 'approve.seaportOffer'), ''])
    for (const item of shape.offer)
      screen.rows.push([t('approve.youGive'), seaportItem(item, view.chainId, view.tokens), 1])
    for (const item of shape.consideration)
      screen.rows.push([t('approve.inReturn'), seaportItem(item, view.chainId, view.tokens), 1])
  } else if (looksLikePermission(view.typedData.types)) screen.warnings.push(t('approve.riskUnknownPermit'))
  screen.rows.push([t('approve.fields'), ''])
  fieldRows(
    fields.domain.filter((f) => f.name === 'version' || f.name === 'salt'),
    screen,
    1,
  )
  fieldRows(fields.message, screen, 1)
}

function argumentText(
  arg: Argument,
  call: DecodedCall,
  to: string | undefined,
  tokens: Tokens | undefined,
): string {
  const { value } = arg
  if (arg.name === 'amount') return tokenAmount(value as bigint, amountToken(call, to), tokens)
  if (Array.isArray(value)) return value.map(String).join(', ')
  return String(value)
}

function callRows(
  call: DecodedCall,
  to: string | undefined,
  tokens: Tokens | undefined,
  screen: Screen,
  depth: number,
): void {
  if (!call.known) {
    screen.rows.push([t('approve.selector'), call.selector, depth])
    screen.warnings.push(t('approve.unknownCall', { selector: call.selector }))
    return
  }
  screen.rows.push([t('approve.selector'), `${call.selector} ${call.signature}`, depth])
  for (const arg of call.args) {
    if (call.name === 'multicall' && arg.type === 'bytes[]') {
      call.inner.forEach((inner, i) => {
        screen.rows.push([`${arg.name} #${i + 1}`, '', depth + 1])
        callRows(inner, to, tokens, screen, depth + 2)
      })
      continue
    }
    screen.rows.push([`${arg.name} (${arg.type})`, argumentText(arg, call, to, tokens), depth + 1])
  }
  const named = (name: string) => call.args.find((a) => a.name === name)?.value
  if (/^(approve|increaseAllowance)$/.test(call.name) && isUnlimited(named('amount') as bigint))
    screen.warnings.push(t('approve.riskUnlimited', { spender: String(named('spender')) }))
  if (call.name === 'setApprovalForAll' && named('approved') === true)
    screen.warnings.push(t('approve.riskAllItems', { operator: String(named('operator')) }))
  if (call.trailing !== undefined) {
    screen.rows.push([t('approve.trailingBytes'), call.trailing, depth + 1])
    screen.warnings.push(t('approve.trailing', { count: (call.trailing.length - 2) / 2 }))
  }
  if (call.irregular) screen.warnings.push(t('approve.irregularCall'))
}

/** The most a transaction can take from the account: its value plus gas limit × max fee per gas. */
const maximumCost = (view: ApprovalView & { kind: 'transaction' }) =>
  view.value + view.gas * view.maxFeePerGas

function transactionRows(view: ApprovalView & { kind: 'transaction' }, screen: Screen): void {
  const { rows } = screen
  rows.push([t('approve.to'), view.to ?? t('approve.contractCreation')])
  rows.push([t('approve.value'), localNative(view.value, view.chainId, 'exact')])
  const call = view.to === undefined ? undefined : decodeCall(view.data)
  if (call) callRows(call, view.to, view.tokens, screen, 0)
  if (view.data !== undefined) rows.push([t('approve.rawData'), view.data])
  rows.push([t('approve.chain'), view.chainId.toString()])
  rows.push([t('approve.nonce'), String(view.nonce)])
  rows.push([t('approve.gas'), view.gas.toString()])
  // The fee as the most it can be (gas limit × max fee per gas), in the chain's coin.
  const fee = view.gas * view.maxFeePerGas
  const atMost = t('approve.atMost', { amount: localNative(fee, view.chainId, 'ceil') })
  rows.push([
    t('approve.networkFee'),
    view.nativePrice === undefined
      ? atMost
      : t('approve.withFiat', { amount: atMost, fiat: fiatValue(fee, view.nativePrice) }),
  ])
  // A node refuses a transaction whose balance cannot cover value + gas × max fee per gas
  // ("insufficient funds"): said before the visitor decides, not as an error after Approve.
  if (view.balance !== undefined && view.balance < maximumCost(view)) {
    screen.warnings.unshift(
      t('approve.cannotPay', {
        balance: localNative(view.balance, view.chainId, 'exact'),
        needed: localNative(maximumCost(view), view.chainId, 'exact'),
      }),
    )
    screen.cannotApprove = true
  }
}

/**
 * A user operation: the smart account, then each call as a transaction's (its target, value and
 * decoded call, with the same warnings), the chain, and the app that pays the gas.
 */
function userOperationRows(view: ApprovalView & { kind: 'userOperation' }, screen: Screen): void {
  const { rows } = screen
  if (view.createsAccount) rows.push([t('approve.createsAccount'), ''])
  const count = view.calls.length
  view.calls.forEach((call, index) => {
    rows.push([t('approve.callNumber', { index: index + 1, count }), ''])
    rows.push([t('approve.to'), call.to, 1])
    rows.push([t('approve.value'), localNative(call.value, view.chainId, 'exact'), 1])
    const decoded = decodeCall(call.data)
    if (decoded) callRows(decoded, call.to, view.tokens, screen, 1)
    if (call.data !== undefined) rows.push([t('approve.rawData'), call.data, 1])
  })
  rows.push([t('approve.chain'), view.chainId.toString()])
  rows.push([t('approve.feePayer'), t('approve.paidByApp')])
}

/** The tokens the calls of a transaction or user operation name. */
function callTokens(calls: { to: string | undefined; data: `0x${string}` | undefined }[]): string[] {
  const out: string[] = []
  for (const { to, data } of calls) {
    const call = to === undefined ? undefined : decodeCall(data)
    const visit = (c: DecodedCall) => {
      if (!c.known) return
      const token = c.args.some((a) => a.name === 'amount') ? amountToken(c, to) : undefined
      if (token !== undefined) out.push(token)
      for (const inner of c.inner) visit(inner)
    }
    if (call) visit(call)
  }
  return out
}

/** The screen's title, by what is asked: a message, typed data, a transaction. */
export function titleKey(view: ApprovalView): Parameters<typeof t>[0] {
  if (view.kind === 'solanaTransaction')
    return view.send ? 'approve.title.solanaTransaction' : 'approve.title.solanaSign'
  return `approve.title.${view.kind}`
}

/** The rows and warnings of the screen, in reading order, from the view alone. */
export function approvalRows(view: ApprovalView): Screen {
  const from = view.kind === 'userOperation' ? t('approve.fromSmartAccount') : t('approve.from')
  const screen: Screen = { rows: [[from, view.from]], warnings: [] }
  if (view.kind === 'message') messageRows(view, screen)
  else if (view.kind === 'userOperation') userOperationRows(view, screen)
  else if (view.kind === 'typedData') typedDataRows(view, screen)
  else if (view.kind === 'transaction') transactionRows(view, screen)
  else {
    const s = view.summary
    screen.rows.push([t('approve.chain'), view.cluster])
    screen.rows.push([t('approve.feePayer'), s.feePayer])
    for (const transfer of s.transfers) {
      screen.rows.push([t('approve.to'), transfer.to ?? '?'])
      screen.rows.push([t('approve.value'), formatSol(transfer.lamports)])
    }
    for (const program of s.programs) screen.rows.push([t('approve.program'), program])
    if (s.lookupAccounts > 0) screen.warnings.push(t('approve.lookupTables', { count: s.lookupAccounts }))
  }
  return screen
}

/** The tokens whose decimals and symbol the screen of `view` needs. */
export function tokensOf(view: ApprovalView): string[] {
  if (view.kind === 'transaction') return callTokens([view])
  if (view.kind === 'userOperation') return callTokens(view.calls)
  if (view.kind !== 'typedData') return []
  const shape = shapeOf(view.typedData, view.typedData.domain.verifyingContract as string | undefined)
  if (shape?.kind === 'permit') return shape.amounts.flatMap((a) => (a.token === undefined ? [] : [a.token]))
  if (shape?.kind === 'seaport')
    return [...shape.offer, ...shape.consideration].filter((i) => i.itemType === 1).map((i) => i.token)
  return []
}
