import type { Me } from '../api.js'
import { t } from '../i18n.js'
import { switchableChain } from '../methods.js'
import { isWeakPassword } from '../passwordStrength.js'
import { FrameError } from '../protocol.js'
import {
  createShares,
  type NewShareSet,
  openPasswordBackup,
  PasskeyError,
  type PasswordBackup,
  passwordBackupOf,
  type RecoveryLock,
  recoverShares,
  recoveryPasskey,
  sealPasswordBackup,
  WrongPasskeyError,
  WrongPasswordError,
  wipe,
} from '../vault/index.js'
import { toChainId, type WalletContext } from './context.js'
import { type RecoveryRun, recoveryRun } from './recoveryFlow.js'
import type { RecoveryNotices } from './recoveryNotices.js'

/** How a new device opens the released recovery share; a string is a message for the visitor. */
type Opener = (released: { mode: string; share: string }) => Promise<RecoveryLock | string>

const passkeyProblem = (error: PasskeyError) =>
  t(error.reason === 'no-prf' ? 'passkey.noPrf' : 'passkey.cancelled')

/** Sign-up and new-device recovery (the flow of recoveryFlow.ts), and the user GET_USER answers
 * once the device holds its set. */
export function createRecovery(ctx: WalletContext, { surfaceNotices, heldOrStopped }: RecoveryNotices) {
  const { options, api, record, state, save, account, context, authed, proof, visibly } = ctx
  /** Hands a share set over: this device keeps its wrapped share, the server the rest. */
  async function handOver(me: Me, set: NewShareSet, purpose: 'wallet' | 'reshare'): Promise<void> {
    account(me).deviceShare = set.deviceShare
    const body = {
      eip155Address: set.addresses.eip155,
      solanaAddress: set.addresses.solana,
      authShare: set.authShare,
      recovery: set.recovery,
      ...(await proof(purpose)),
    }
    await (purpose === 'wallet' ? api.createWallet(body) : api.reshare(body))
    account(me).eip155Address = set.addresses.eip155
    account(me).solanaAddress = set.addresses.solana
    await save()
  }

  /** One try at this device's set, from the flow's `setup` or `recover` step: `make` resolves the
   * set, or a message for the visitor. */
  const attempt = (flow: RecoveryRun, me: Me, make: () => Promise<NewShareSet | string>) =>
    authed(async (): Promise<string | undefined> => {
      const from = flow.state
      // A try after the set was stored: the screen shows its error.
      if (from.step !== 'setup' && from.step !== 'recover') throw new Error('Already set')
      const made = await make()
      // Refused (a weak or wrong password, another passkey), or the hand-over threw: the flow stays
      // on its screen.
      if (typeof made === 'string') return made
      await handOver(me, made, from.step === 'setup' ? 'wallet' : 'reshare')
      flow.dispatch({ type: 'handedOver' })
      return undefined
    })

  /** A new wallet, its recovery share locked as `how` says (server-assisted: the server encrypts
   * it under its own key). */
  const newSet = (me: Me, how: RecoveryLock) => createShares(record, context(me), how)

  /** A confirmed new device: open the recovery share, rebuild and check the wallet, and make this
   * device's set. Resolves a message for the visitor when the password or passkey does not open it. */
  async function recoveredSet(me: Me, open: Opener): Promise<NewShareSet | string> {
    const released = await api.recovery(await proof('recovery'))
    const how = await open(released)
    if (typeof how === 'string') return how
    let set: NewShareSet | 'mismatch'
    try {
      set = await recoverShares(record, context(me), released, how, me.wallet?.eip155Address)
    } catch (error) {
      if (error instanceof WrongPasswordError) return t('password.wrong')
      if (error instanceof WrongPasskeyError) return t('passkey.wrong')
      throw error
    }
    return set === 'mismatch' ? t('recovery.mismatch') : set
  }

  /** Sign-up: a passkey where the browser offers one (the visitor may pick the password), else
   * the recovery password. */
  async function setUpRecovery(flow: RecoveryRun, me: Me): Promise<void> {
    const passkeys = options.passkeys
    if (flow.state.step === 'setup' && flow.state.lock === 'passkey' && passkeys) {
      const chosen = (await passkeys.available())
        ? await passkeys.askSetup(() =>
            attempt(flow, me, async () => {
              let created: Awaited<ReturnType<typeof passkeys.create>>
              try {
                created = await passkeys.create(me.email)
              } catch (error) {
                if (error instanceof PasskeyError) return passkeyProblem(error)
                throw error
              }
              try {
                // A recovery password next to the passkey, if the visitor wants one: a device
                // without the passkey then opens the wallet with it (it seals the passkey's output).
                // Skipped: the passkey alone.
                let backup: PasswordBackup | undefined
                await options.askPassword('backup', async (password) => {
                  if (await isWeakPassword(password, me.email)) return t('password.weak')
                  backup = await sealPasswordBackup(created.output, password, context(me))
                  return undefined
                })
                const how = { mode: 'passkey', ref: created.ref, output: created.output } as const
                return await newSet(me, backup ? { ...how, backup } : how)
              } finally {
                wipe(created.output)
              }
            }),
          )
        : 'password'
      if (chosen === 'done') return
    }
    flow.dispatch({ type: 'passwordChosen' })
    // The strength floor (passwordStrength.ts) before any work: a weak password is refused with a
    // message, on the same screen.
    await options.askPassword('setup', (password) =>
      attempt(flow, me, async () =>
        (await isWeakPassword(password, me.email))
          ? t('password.weak')
          : newSet(me, { mode: 'password', password }),
      ),
    )
  }

  /** A new device of an account sealed with a passkey: the same passkey (synced, or a security
   * key) gives the same PRF output, which opens the recovery share here. A passkey not used (not
   * on this device, or cancelled) is `lost`: the screen then says what this device can do, and
   * offers the recovery password when the account has one. */
  async function recoverWithPasskey(flow: RecoveryRun, me: Me): Promise<void> {
    const passkeys = options.passkeys
    const chosen = await (passkeys?.askRecover ?? (() => Promise.reject(new Error('No passkeys here'))))(
      async () => {
        let output: Uint8Array | undefined
        let lost: { lost: true; password: boolean } | undefined
        try {
          const problem = await attempt(flow, me, () =>
            recoveredSet(me, async (released) => {
              const ref = recoveryPasskey(released)
              const backup = passwordBackupOf(released.share)
              try {
                if (ref === undefined || passkeys === undefined) throw new PasskeyError('cancelled')
                output = await passkeys.output(ref)
              } catch (error) {
                if (!(error instanceof PasskeyError)) throw error
                lost = { lost: true, password: backup !== undefined }
                return ''
              }
              return { mode: 'passkey', ref, output, ...(backup ? { backup } : {}) }
            }),
          )
          return lost ?? problem
        } finally {
          wipe(output)
        }
      },
    )
    if (chosen === 'password') await recoverWithPasswordBackup(flow, me)
  }

  /** The passkey lost, the recovery password the visitor also set opens the passkey's output, and
   * with it the share; the new set keeps both ways in. */
  async function recoverWithPasswordBackup(flow: RecoveryRun, me: Me): Promise<void> {
    await options.askPassword('recover', async (password) => {
      let output: Uint8Array | undefined
      try {
        return await attempt(flow, me, () =>
          recoveredSet(me, async (released) => {
            const ref = recoveryPasskey(released)
            const backup = passwordBackupOf(released.share)
            if (ref === undefined || backup === undefined) return t('password.wrong')
            try {
              output = await openPasswordBackup(released.share, password, context(me))
            } catch (error) {
              if (error instanceof WrongPasswordError) return t('password.wrong')
              throw error
            }
            return { mode: 'passkey', ref, output, backup }
          }),
        )
      } finally {
        wipe(output)
      }
    })
  }

  /** A server-assisted recovery: no screen, unless the server holds or stopped it. */
  async function recoverWithServer(flow: RecoveryRun, me: Me): Promise<void> {
    const problem = await attempt(flow, me, () => recoveredSet(me, async () => ({ mode: 'server' }))).catch(
      heldOrStopped,
    )
    if (problem !== undefined) throw new FrameError(problem, 'RECOVERY_FAILED')
  }

  /** Runs the step the flow is on after the account was read, until this device holds its set:
   * server-assisted without a screen, else on the frame's own screen. */
  async function advance(flow: RecoveryRun, me: Me): Promise<void> {
    const current = flow.state
    if (current.step !== 'setup' && current.step !== 'recover') return
    if (current.lock === 'server')
      await (current.step === 'setup'
        ? attempt(flow, me, () => newSet(me, { mode: 'server' }))
        : recoverWithServer(flow, me))
    else
      await visibly(() =>
        current.step === 'setup'
          ? setUpRecovery(flow, me)
          : current.lock === 'passkey'
            ? recoverWithPasskey(flow, me)
            : options.askPassword('recover', (password) =>
                attempt(flow, me, () => recoveredSet(me, async () => ({ mode: 'password', password }))),
              ),
      )
  }

  async function user(payloadChain?: string | number) {
    if (payloadChain !== undefined)
      state.chainId = switchableChain(toChainId(payloadChain, state.chainId), state.chainId, options.rpcUrls)
    let me = await authed(() => api.me())
    const flow = recoveryRun()
    flow.dispatch({
      type: 'checked',
      account: me,
      holdsShare: account(me).deviceShare !== undefined,
      policy: options.recoveryPolicy,
    })
    await advance(flow, me)
    if (flow.state.step !== 'ready') me = await authed(() => api.me())
    if (state.unsaved) await save()
    surfaceNotices(me)
    const address = me.wallet?.eip155Address
    if (!address) throw new FrameError('The wallet could not be created', 'NO_WALLET')
    const checksummed =
      account(me).eip155Address?.toLowerCase() === address ? account(me).eip155Address! : address
    return {
      // A social account whose provider gave no verified email has a placeholder the page never sees.
      email: me.email.startsWith('social:') ? null : me.email,
      address: checksummed,
      chainId: state.chainId,
      ...(me.wallet?.solanaAddress ? { solanaAddress: me.wallet.solanaAddress } : {}),
      ...(record.social?.username ? { userName: record.social.username } : {}),
      ...(record.social ? { socialProvider: record.social.provider } : {}),
    }
  }

  return { user }
}
