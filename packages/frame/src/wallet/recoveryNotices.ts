import { ApiError, type Me } from '../api.js'
import { t } from '../i18n.js'
import type { showRecoveryNotice, showRecoveryWait } from '../noticeScreens.js'
import { formatTime, validNotices } from '../notices.js'
import { FrameError } from '../protocol.js'
import type { Approvals } from './approvals.js'
import type { WalletContext } from './context.js'

/** The notice screens: a chunk of their own, loaded when one is first shown. */
const screens = () => import('../noticeScreens.js')

/** Server-assisted recovery: the notices of other devices' recoveries, and this device's hold. */
export function createRecoveryNotices(ctx: WalletContext, { takeTurn }: Pick<Approvals, 'takeTurn'>) {
  const { options, api, authed, proof, visibly } = ctx
  /** Notices already on screen or queued, so a second GET_USER does not show them twice. */
  const noticesShown = new Set<string>()
  /** Shows each new notice on the frame's own screen, one after another, after the answer. */
  function surfaceNotices(me: Me) {
    const fresh = validNotices(me.notices).filter((notice) => !noticesShown.has(notice.id))
    if (fresh.length === 0) return
    for (const notice of fresh) noticesShown.add(notice.id)
    const show =
      options.showRecoveryNotice ??
      (async (...args: Parameters<typeof showRecoveryNotice>) =>
        (await screens()).showRecoveryNotice(...args))
    const { previous, release } = takeTurn()
    void previous
      .then(() =>
        visibly(async () => {
          for (const notice of fresh)
            await show(notice, {
              dismiss: () => authed(async () => void (await api.dismissNotice(notice.id))),
              stop: () =>
                authed(async () => {
                  try {
                    await api.stopRecovery({ id: notice.id, ...(await proof('cancel-recovery')) })
                    return undefined
                  } catch (error) {
                    if (error instanceof ApiError && error.code === 'recovery_not_pending')
                      return t('recoveryNotice.tooLate')
                    throw error
                  }
                }),
            })
        }),
      )
      .catch(() => undefined)
      .finally(release)
  }

  /** The latest hold screen: a newer one replaces it, and only its Close hides the frame. */
  let waitScreen = 0
  function showWait(kind: 'pending' | 'cancelled', until?: string) {
    const mine = ++waitScreen
    options.setVisible(true)
    const wait =
      options.showRecoveryWait ??
      (async (...args: Parameters<typeof showRecoveryWait>) => (await screens()).showRecoveryWait(...args))
    void wait(kind, until).then(() => {
      if (mine === waitScreen) options.setVisible(false)
    })
  }

  /** This new device's server-assisted recovery is held or was stopped: say so, on screen too. */
  function heldOrStopped(error: unknown): never {
    if (error instanceof ApiError && error.code === 'recovery_pending') {
      const until = typeof error.extra.until === 'string' ? error.extra.until : new Date().toISOString()
      showWait('pending', until)
      throw new FrameError(t('recoveryWait.pendingText', { until: formatTime(until) }), 'RECOVERY_PENDING', {
        until,
      })
    }
    if (error instanceof ApiError && error.code === 'recovery_cancelled') {
      showWait('cancelled')
      throw new FrameError(t('recoveryWait.cancelledText'), 'RECOVERY_CANCELLED')
    }
    throw error
  }

  return { surfaceNotices, heldOrStopped }
}

export type RecoveryNotices = ReturnType<typeof createRecoveryNotices>
