import { s } from '../schema/s.js'
import type { Infer, Schema } from '../schema/schema.js'

// The postMessage protocol between a page and the embedded-wallet frame (docs/embedded-frame-protocol.md).
// Both sides import these schemas: the page validates what the frame says, the frame what the page asks.

/** Every message of the protocol carries this tag; anything else is ignored by both sides. */
export const FRAME_PROTOCOL = 'frame/1'

/** The kit waits this long after the frame's READY event before its first request (spec §9). */
export const FRAME_READY_DELAY_MS = 500
/** The frame must say READY within this time (spec §9). */
export const FRAME_LOAD_TIMEOUT_MS = 20_000
/** Connect email, device, one-time code and social requests time out after this long (spec §9). */
export const FRAME_REQUEST_TIMEOUT_MS = 30_000
/** Sign-out waits at most this long for the frame, then clears the kit's state anyway (spec §9). */
export const FRAME_SIGN_OUT_WAIT_MS = 3_000
/** The frame's overlay sits above the modal (spec §9). */
export const FRAME_OVERLAY_Z_INDEX = 999_999

const empty = s.object({})
const url = s.string().regex(/^https?:\/\/\S+$/, 'Invalid URL')
const chainId = s.union([s.string().min(1), s.number().int()])
const nullable = <T>(schema: Schema<T>) =>
  s.union([schema, s.custom<null>((v) => v === null, 'Expected null')])

/** What the page may ask, and what a SUCCESS answer to each request carries. */
export const frameRequestSchemas = {
  CONNECT_EMAIL: {
    payload: s.object({ email: s.string().email() }).strict(),
    result: s.object({ action: s.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  },
  CONNECT_DEVICE: { payload: empty, result: empty },
  CONNECT_OTP: {
    payload: s.object({ otp: s.string().regex(/^\d{6}$/, 'The code has 6 digits') }).strict(),
    result: empty,
  },
  /**
   * A social login (spec §7 'get social redirect uri'): the frame starts it at its server and
   * answers the provider's page for the visitor's window; the attempt's secret stays in the frame.
   */
  GET_SOCIAL_REDIRECT_URI: {
    payload: s
      .object({ provider: s.enum(['google', 'github', 'apple', 'facebook', 'x', 'discord']) })
      .strict(),
    result: s.object({ uri: url }),
  },
  /**
   * 'connect social' (spec §7): asked again while the visitor's window is open; `pending` until
   * the provider vouched for the visitor, then the frame holds the session (the token never
   * reaches the page). `uri` names the login the frame handed out.
   */
  CONNECT_SOCIAL: {
    payload: s
      .object({
        uri: url,
        preferredAccountType: s.enum(['eoa', 'smartAccount']).optional(),
        chainId: chainId.optional(),
      })
      .strict(),
    result: s.object({ status: s.enum(['pending', 'done']) }),
  },
  /**
   * 'get farcaster uri' (spec §7): the frame starts a Sign In With Farcaster login at its server
   * and answers the link a Farcaster client opens (the modal's QR code and deep link).
   */
  GET_FARCASTER_URI: { payload: empty, result: s.object({ url }) },
  /**
   * 'connect farcaster' (spec §7): asked again while the visitor approves in their Farcaster
   * client; `pending` until the server verified the signed message, then the frame holds the
   * session and `userName` is the Farcaster username.
   */
  CONNECT_FARCASTER: {
    payload: empty,
    result: s.object({
      status: s.enum(['pending', 'done']),
      userName: s
        .string()
        .regex(/^[\s\S]{1,100}$/, 'Invalid username')
        .optional(),
    }),
  },
  GET_USER: {
    payload: s.object({
      chainId: chainId.optional(),
      preferredAccountType: s.enum(['eoa', 'smartAccount']).optional(),
    }),
    result: s.object({
      email: nullable(s.string()).optional(),
      address: s.string().min(1),
      chainId,
      accounts: s
        .array(s.object({ address: s.string().min(1), type: s.enum(['eoa', 'smartAccount']) }))
        .optional(),
      userName: s
        .string()
        .regex(/^[\s\S]{1,100}$/, 'Invalid username')
        .optional(),
      /** The social provider the session came from (spec §1's six, or Farcaster); absent for an email login. */
      socialProvider: s
        .enum(['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'])
        .optional(),
      preferredAccountType: s.enum(['eoa', 'smartAccount']).optional(),
      smartAccountDeployed: s.boolean().optional(),
      /** The wallet's Solana account (ed25519, `m/44'/501'/0'/0'`), base58. */
      solanaAddress: s
        .string()
        .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Invalid Solana address')
        .optional(),
    }),
  },
  /**
   * 'get smart account enabled networks' (spec §7): the EVM chains (numeric references) on which
   * the project runs smart accounts (its server has a bundler for them).
   */
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    payload: empty,
    result: s.object({
      smartAccountEnabledNetworks: s
        .array(
          s
            .number()
            .int()
            .refine((n) => n > 0, 'Invalid chain id'),
        )
        .refine((list) => list.length <= 200, 'Too many chains'),
    }),
  },
  /**
   * 'init smart account' (spec §7): the signed-in visitor's smart account on the frame's current
   * chain: its counterfactual address, and whether it is deployed yet.
   */
  INIT_SMART_ACCOUNT: {
    payload: empty,
    result: s.object({
      address: s.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'),
      isDeployed: s.boolean(),
    }),
  },
  /**
   * 'set preferred account' (spec §7): which of the visitor's EVM accounts answers the page's
   * requests from now on; the frame keeps it per account and answers the account type it uses.
   */
  SET_PREFERRED_ACCOUNT: {
    payload: s.object({ type: s.enum(['eoa', 'smartAccount']) }).strict(),
    result: s.object({
      type: s.enum(['eoa', 'smartAccount']),
      address: s.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Invalid address'),
    }),
  },
  IS_CONNECTED: { payload: empty, result: s.object({ isConnected: s.boolean() }) },
  GET_CHAIN_ID: { payload: empty, result: s.object({ chainId }) },
  SWITCH_NETWORK: { payload: s.object({ chainId }), result: s.object({ chainId }) },
  SIGN_OUT: { payload: empty, result: empty },
  SYNC_THEME: {
    payload: s.object({
      themeMode: s.enum(['light', 'dark']),
      themeVariables: s.record(s.union([s.string(), s.number()])),
    }),
    result: empty,
  },
  SYNC_DAPP_DATA: {
    payload: s.object({
      metadata: s.object({
        name: s.string(),
        description: s.string(),
        url: s.string(),
        icons: s.array(s.string()),
      }),
      sdkVersion: s.string(),
      sdkType: s.string(),
      projectId: s.string(),
    }),
    result: empty,
  },
  /** Email update (spec §4, §7): a code to the current address, then one to the new address. */
  UPDATE_EMAIL: {
    payload: s.object({ email: s.string().email() }).strict(),
    result: s.object({ action: s.enum(['VERIFY_PRIMARY_OTP']) }),
  },
  UPDATE_EMAIL_PRIMARY_OTP: {
    payload: s.object({ otp: s.string().regex(/^\d{6}$/, 'The code has 6 digits') }).strict(),
    result: s.object({ action: s.enum(['VERIFY_SECONDARY_OTP']) }),
  },
  UPDATE_EMAIL_SECONDARY_OTP: {
    payload: s.object({ otp: s.string().regex(/^\d{6}$/, 'The code has 6 digits') }).strict(),
    result: s.object({ newEmail: s.string().email() }),
  },
  /** The page's Cancel: closes the approval screen; every pending unsafe request ends 'Request was aborted'. */
  ABORT_REQUESTS: { payload: empty, result: empty },
  RPC_REQUEST: {
    payload: s.object({ method: s.string().min(1), params: s.unknown() }),
    result: s.object({ result: s.unknown() }),
  },
  /**
   * A Solana request (WalletConnect's Solana JSON-RPC: `solana_signMessage`,
   * `solana_signTransaction`, `solana_signAndSendTransaction` …) for the cluster `chainId`
   * (CAIP-2). The frame decides what is allowed and approves each signature on its own screen.
   */
  SOLANA_REQUEST: {
    payload: s
      .object({
        chainId: s.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/, 'Invalid Solana chain id'),
        method: s.string().min(1),
        params: s.unknown(),
      })
      .strict(),
    result: s.object({ result: s.unknown() }),
  },
  // Export of the recovery phrase and keys: the frame shows its Export screen (guarded against
  // clickjacking); the secrets are shown only in a top-level window on the frame's origin, after a
  // fresh email code. SUCCESS once that window is open; nothing secret ever comes back.
  EXPORT_WALLET: { payload: empty, result: s.object({ opened: s.boolean() }) },
} as const

export type FrameRequestType = keyof typeof frameRequestSchemas
export type FramePayload<T extends FrameRequestType> = Infer<(typeof frameRequestSchemas)[T]['payload']>
export type FrameResult<T extends FrameRequestType> = Infer<(typeof frameRequestSchemas)[T]['result']>
export type FrameUser = FrameResult<'GET_USER'>

const tag = s.literal(FRAME_PROTOCOL)
const requestId = s.string().regex(/^[0-9A-Za-z-]{16,64}$/, 'Invalid request id')

/** The frame's answer to one request (its SUCCESS payload is checked per request type). */
export const frameResponseSchema = s.union([
  s.object({ latch: tag, id: requestId, type: s.literal('SUCCESS'), payload: s.unknown() }),
  s.object({
    latch: tag,
    id: requestId,
    type: s.literal('ERROR'),
    payload: s.object({
      message: s.string(),
      code: s.string().optional(),
      retryAfter: s.number().optional(),
    }),
  }),
])

/** What the frame says without being asked. */
export const frameEventSchema = s.union([
  s.object({ latch: tag, type: s.literal('READY'), payload: s.object({ version: s.string() }) }),
  s.object({ latch: tag, type: s.literal('VISIBILITY'), payload: s.object({ visible: s.boolean() }) }),
  s.object({ latch: tag, type: s.literal('SESSION_ENDED'), payload: s.object({}) }),
])

export type FrameEvent = Infer<typeof frameEventSchema>
