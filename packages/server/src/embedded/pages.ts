/** Text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const style =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111}dt{font-weight:600}button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:1px solid #333;background:#111;color:#fff;cursor:pointer}'

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main>${body}</main></body></html>`
}

/** The page an emailed device link opens: what asks to sign in, and a POST button. */
export function confirmPage(details: { token: string; browser: string; ip: string; time: string }): string {
  return page(
    'Confirm a new device',
    `<h1>Confirm a new device</h1><p>A device asked to sign in with your email:</p><dl><dt>Browser</dt><dd>${escapeHtml(details.browser)}</dd><dt>IP address</dt><dd>${escapeHtml(details.ip)}</dd><dt>Time</dt><dd>${escapeHtml(details.time)}</dd></dl><form method="post" action="/embedded/v1/device/confirm"><input type="hidden" name="token" value="${escapeHtml(details.token)}"><button type="submit">This was me</button></form><p>If it was not you, close this page: nothing happens without your confirmation.</p>`,
  )
}

export function resultPage(title: string, text: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`)
}

/** The page the held recovery's mail links to: what asks to open the wallet, and a POST button. */
export function cancelRecoveryPage(details: {
  token: string
  browser: string
  ip: string
  time: string
  until: string
}): string {
  return page(
    'A new device asked to open your wallet',
    `<h1>A new device asked to open your wallet</h1><dl><dt>Browser</dt><dd>${escapeHtml(details.browser)}</dd><dt>IP address</dt><dd>${escapeHtml(details.ip)}</dd><dt>Time</dt><dd>${escapeHtml(details.time)}</dd><dt>Opens after</dt><dd>${escapeHtml(details.until)}</dd></dl><p>If this was you, close this page.</p><form method="post" action="/embedded/v1/recovery/cancel"><input type="hidden" name="token" value="${escapeHtml(details.token)}"><button type="submit">This wasn't me</button></form>`,
  )
}
