/** JSON-RPC 2.0 error codes the relay answers with. */
export const RpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const

/** Tags the Sign protocol gives the payloads the relay assembles itself (WalletConnect specs, "Sign RPC methods"). */
const SignTag = {
  sessionPropose: 1100,
  sessionProposeResponse: 1101,
  sessionSettle: 1102,
} as const

export type RpcId = number | string

type IncomingRequest = { kind: 'request'; id: RpcId; method: string; params: unknown }
type IncomingResponse = { kind: 'response'; id: RpcId; ok: boolean }
export type IncomingFrame =
  | IncomingRequest
  | IncomingResponse
  | { kind: 'invalid'; id: RpcId | null; code: number }

/** Largest frame the relay accepts; WalletConnect payloads are small encrypted envelopes. */
export const MAX_FRAME_BYTES = 512 * 1024

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isRpcId(value: unknown): value is RpcId {
  return (
    (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && value !== '')
  )
}

/** Parses one WebSocket text frame as a JSON-RPC request or response. */
export function parseFrame(text: string): IncomingFrame {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { kind: 'invalid', id: null, code: RpcErrorCode.parseError }
  }
  if (!isRecord(data) || data.jsonrpc !== '2.0')
    return { kind: 'invalid', id: null, code: RpcErrorCode.invalidRequest }
  const id = isRpcId(data.id) ? data.id : null
  if (typeof data.method === 'string') {
    if (id === null) return { kind: 'invalid', id: null, code: RpcErrorCode.invalidRequest }
    return { kind: 'request', id, method: data.method, params: data.params }
  }
  if (id !== null && ('result' in data || 'error' in data))
    return { kind: 'response', id, ok: 'result' in data }
  return { kind: 'invalid', id, code: RpcErrorCode.invalidRequest }
}

const topicPattern = /^[0-9a-f]{64}$/
const base64Pattern = /^[A-Za-z0-9+/_-]+={0,2}$/

export type PublishParams = {
  topic: string
  message: string
  ttl: number
  tag: number
  attestation: string | undefined
}

export type ParamsResult<T> = { ok: true; value: T } | { ok: false; message: string }

function fail<T>(message: string): ParamsResult<T> {
  return { ok: false, message }
}

export function readTopic(value: unknown, field: string): ParamsResult<string> {
  return typeof value === 'string' && topicPattern.test(value)
    ? { ok: true, value }
    : fail(`${field} must be 64 lowercase hex characters`)
}

function readMessage(value: unknown, field: string): ParamsResult<string> {
  return typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_FRAME_BYTES &&
    base64Pattern.test(value)
    ? { ok: true, value }
    : fail(`${field} must be a base64 string`)
}

function readTtl(value: unknown): ParamsResult<number> {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0
    ? { ok: true, value }
    : fail('ttl must be a positive integer of seconds')
}

function readTag(value: unknown, fallback: number): ParamsResult<number> {
  if (value === undefined || value === null) return { ok: true, value: fallback }
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? { ok: true, value }
    : fail('tag must be a non-negative integer')
}

function readAttestation(value: unknown): ParamsResult<string | undefined> {
  if (value === undefined || value === null) return { ok: true, value: undefined }
  return typeof value === 'string' && value.length <= 8192
    ? { ok: true, value }
    : fail('attestation must be a string')
}

export function readPublish(params: unknown): ParamsResult<PublishParams> {
  if (!isRecord(params)) return fail('params must be an object')
  const topic = readTopic(params.topic, 'topic')
  if (!topic.ok) return topic
  const message = readMessage(params.message, 'message')
  if (!message.ok) return message
  const ttl = readTtl(params.ttl)
  if (!ttl.ok) return ttl
  const tag = readTag(params.tag, 0)
  if (!tag.ok) return tag
  const attestation = readAttestation(params.attestation)
  if (!attestation.ok) return attestation
  return {
    ok: true,
    value: {
      topic: topic.value,
      message: message.value,
      ttl: ttl.value,
      tag: tag.value,
      attestation: attestation.value,
    },
  }
}

export function readTopicList(params: unknown): ParamsResult<string[]> {
  if (!isRecord(params) || !Array.isArray(params.topics)) return fail('params.topics must be a list')
  if (params.topics.length > 1000) return fail('params.topics holds more than 1000 topics')
  const topics: string[] = []
  for (const value of params.topics) {
    const topic = readTopic(value, 'topics[]')
    if (!topic.ok) return topic
    topics.push(topic.value)
  }
  return { ok: true, value: topics }
}

export type Unsubscription = { topic: string; id: string | undefined }

function readUnsubscription(value: unknown): ParamsResult<Unsubscription> {
  if (!isRecord(value)) return fail('each unsubscription must be an object')
  const topic = readTopic(value.topic, 'topic')
  if (!topic.ok) return topic
  if (value.id !== undefined && typeof value.id !== 'string') return fail('id must be a string')
  return { ok: true, value: { topic: topic.value, id: value.id } }
}

export function readUnsubscribe(params: unknown): ParamsResult<Unsubscription> {
  return readUnsubscription(params)
}

export function readBatchUnsubscribe(params: unknown): ParamsResult<Unsubscription[]> {
  if (!isRecord(params) || !Array.isArray(params.subscriptions))
    return fail('params.subscriptions must be a list')
  const list: Unsubscription[] = []
  for (const value of params.subscriptions) {
    const item = readUnsubscription(value)
    if (!item.ok) return item
    list.push(item.value)
  }
  return { ok: true, value: list }
}

export function readBatchPublish(params: unknown): ParamsResult<PublishParams[]> {
  if (!isRecord(params) || !Array.isArray(params.messages)) return fail('params.messages must be a list')
  const list: PublishParams[] = []
  for (const value of params.messages) {
    const item = readPublish(value)
    if (!item.ok) return item
    list.push(item.value)
  }
  return { ok: true, value: list }
}

/** `wc_proposeSession`: the relay delivers the proposal on the pairing topic and subscribes the proposer to it. */
export function readProposeSession(params: unknown): ParamsResult<PublishParams> {
  if (!isRecord(params)) return fail('params must be an object')
  return readPublish({
    ...params,
    topic: params.pairingTopic,
    message: params.sessionProposal,
    tag: params.tag ?? SignTag.sessionPropose,
  })
}

export type ApproveSessionParams = {
  response: PublishParams
  settlement: PublishParams
}

/**
 * `wc_approveSession`: one call carrying the proposal response (for the pairing topic) and the
 * settlement request (for the new session topic), which the approving wallet is subscribed to.
 */
export function readApproveSession(params: unknown): ParamsResult<ApproveSessionParams> {
  if (!isRecord(params)) return fail('params must be an object')
  const shared = { ttl: params.ttl, attestation: params.attestation }
  const response = readPublish({
    ...shared,
    topic: params.pairingTopic,
    message: params.sessionProposalResponse,
    tag: SignTag.sessionProposeResponse,
  })
  if (!response.ok) return response
  const settlement = readPublish({
    ...shared,
    topic: params.sessionTopic,
    message: params.sessionSettlementRequest,
    tag: SignTag.sessionSettle,
  })
  if (!settlement.ok) return settlement
  return { ok: true, value: { response: response.value, settlement: settlement.value } }
}
