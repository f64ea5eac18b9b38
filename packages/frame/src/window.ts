import { currentAccount } from './accounts.js'
import { createApi } from './api.js'
import { showApproval } from './approval.js'
import { approvalIdOf, guestApprovalWindow, type WindowLike } from './approval-window.js'
import { guestExportWindow, recordOfLogin } from './export-window.js'
import { guardActivation, isTopLevel } from './guard.js'
import { chooseLocale, t } from './i18n.js'
import type { AccountRecord, DeviceRecord } from './storage.js'
import { el, root, showNotice } from './ui.js'
import { exportSecrets, type Secrets, signDeviceProof } from './vault/index.js'

// The frame origin's own top-level window (`/frame/window`). No page can frame it (its CSP says
// `frame-ancestors 'none'`), cover it or script it (`Cross-Origin-Opener-Policy: same-origin`
// severs the opener), so what needs a person's unforged attention happens here: the export of
// the recovery phrase and keys, after a fresh code mailed to the account. The approval of an
// unsafe request, where the browser has no IntersectionObserver v2, happens here too: that page
// keeps its opener (the frame) to answer it, see approval-window.ts.

const errorText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : t('error.generic')

function showSecrets(secrets: Secrets) {
  const close = el('button', { type: 'button', 'data-testid': 'latch-export-close' }, [t('window.close')])
  close.addEventListener('click', () => {
    showNotice(t('window.title'), t('window.closed'))
    window.close()
  })
  const secret = (label: string, value: string, testId: string) => [
    el('h2', {}, [label]),
    el('p', { class: 'secret', 'data-testid': testId }, [value]),
  ]
  root().replaceChildren(
    el('main', { class: 'card', 'aria-labelledby': 'latch-title' }, [
      el('h1', { id: 'latch-title' }, [t('window.title')]),
      el('p', { class: 'error', role: 'alert' }, [t('window.warning')]),
      ...secret(t('window.phrase'), secrets.phrase, 'latch-export-phrase'),
      ...secret(t('window.evmKey', { address: secrets.evmAddress }), secrets.evmKey, 'latch-export-evm-key'),
      ...secret(
        t('window.solanaKey', { address: secrets.solanaAddress }),
        secrets.solanaKey,
        'latch-export-solana-key',
      ),
      close,
    ]),
  )
}

function exportScreens(options: {
  api: ReturnType<typeof createApi>
  record: DeviceRecord
  projectId: string
  email: string
  account: AccountRecord
}) {
  const { api, record, projectId, email, account } = options
  const proof = (purpose: string) => signDeviceProof(api, record, projectId, purpose)
  const error = el('p', { class: 'error', role: 'alert', id: 'latch-export-error' })
  const send = el('button', { type: 'button', 'data-testid': 'latch-export-send' }, [t('window.sendCode')])
  const title = el('h1', { id: 'latch-title' }, [t('window.title')])
  const card = el('main', { class: 'card', 'aria-labelledby': 'latch-title' }, [
    title,
    el('p', {}, [t('window.intro', { email })]),
    error,
    send,
  ])
  root().replaceChildren(card)

  send.addEventListener('click', async () => {
    send.disabled = true
    send.textContent = t('window.sending')
    error.textContent = ''
    try {
      const started = await api.exportCode(await proof('export-code'))
      askCode(started)
    } catch (problem) {
      error.textContent = errorText(problem)
      send.disabled = false
      send.textContent = t('window.sendCode')
    }
  })

  function askCode(started: { exportId: string; kid: string }) {
    const input = el('input', {
      id: 'latch-export-code',
      inputmode: 'numeric',
      autocomplete: 'one-time-code',
      pattern: '[0-9]{6}',
      maxlength: '6',
      required: '',
      'aria-describedby': 'latch-export-error',
    })
    const reveal = el('button', { type: 'submit', 'data-testid': 'latch-export-reveal' }, [
      t('window.reveal'),
    ])
    const form = el('form', { class: 'card', 'aria-labelledby': 'latch-title', novalidate: '' }, [
      title,
      el('p', {}, [t('window.codeSent', { email })]),
      el('label', { for: 'latch-export-code' }, [t('window.codeLabel')]),
      input,
      error,
      reveal,
    ])
    // Submitting by Enter is a click on the submit button too: the guard decides both.
    form.addEventListener('submit', (event) => event.preventDefault())
    guardActivation(reveal, () => {
      const otp = input.value.trim()
      if (!/^\d{6}$/.test(otp)) {
        error.textContent = t('window.codeFormat')
        return
      }
      reveal.disabled = true
      reveal.textContent = t('window.revealing')
      error.textContent = ''
      void (async () => {
        try {
          await api.exportConfirm({ ...started, otp, ...(await proof('export')) })
          showSecrets(
            await exportSecrets({
              record,
              projectId,
              account,
              releaseAuthShare: async () => api.share(await proof('share')),
            }),
          )
        } catch (problem) {
          error.textContent = errorText(problem)
          reveal.disabled = false
          reveal.textContent = t('window.reveal')
        }
      })()
    })
    // The page's one main landmark, as on the screens before and after this one.
    root().replaceChildren(el('main', {}, [form]))
    input.focus()
  }
}

/** `?action=approve#<id>`: the frame that opened this window sends the request to decide. */
async function approveInWindow(): Promise<void> {
  const id = approvalIdOf(location.hash)
  const outcome =
    id === undefined
      ? 'no-opener'
      : await guestApprovalWindow({
          id,
          origin: location.origin,
          opener: window.opener as WindowLike | null,
          listen: (handler) => {
            const listener = (event: MessageEvent) =>
              handler({ origin: event.origin, source: event.source, data: event.data })
            window.addEventListener('message', listener)
            return () => window.removeEventListener('message', listener)
          },
          show: showApproval,
        })
  // After an answer the frame closes this window (it opened it).
  if (outcome === 'answered') showNotice(t('approve.windowTitle'), t('approve.windowDone'))
  else showNotice(t('approve.windowTitle'), t('approve.windowGone'))
}

async function boot(): Promise<void> {
  const params = new URLSearchParams(location.search)
  const wanted = params.get('locale')
  await chooseLocale([...(wanted ? [wanted] : []), ...(navigator.languages ?? [])])
  if (!isTopLevel()) {
    showNotice(t('notice.title'), t('window.notTopLevel'))
    return
  }
  if (!window.isSecureContext) {
    showNotice(t('notice.title'), t('notice.insecure'))
    return
  }
  if (params.get('action') === 'approve') return approveInWindow()
  const projectId = params.get('projectId') ?? ''
  // The login comes from the frame that opened this window (export-window.ts): this window's own
  // storage is not the frame's where the browser partitions third-party storage.
  const id = approvalIdOf(location.hash)
  const login =
    id === undefined || params.get('action') !== 'export'
      ? undefined
      : await guestExportWindow({
          id,
          origin: location.origin,
          opener: window.opener as WindowLike | null,
          listen: (handler) => {
            const listener = (event: MessageEvent) =>
              handler({ origin: event.origin, source: event.source, data: event.data })
            window.addEventListener('message', listener)
            return () => window.removeEventListener('message', listener)
          },
        })
  const record = login === undefined ? undefined : recordOfLogin(login)
  const api = createApi(projectId, () => record?.token)
  const email = record?.email
  const account = record === undefined ? undefined : currentAccount(record)
  if (
    record === undefined ||
    email === undefined ||
    account?.deviceShare === undefined ||
    (await api.me().catch(() => undefined)) === undefined
  ) {
    showNotice(t('window.title'), t('window.noLogin'))
    return
  }
  exportScreens({ api, record, projectId, email, account })
}

void boot()
