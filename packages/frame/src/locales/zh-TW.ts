import type { Catalog } from '../i18n.js'

/** Chinese (Traditional): the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch 登入',
  'notice.notFramed': '此頁面只能在開啟它的應用程式中執行。',
  'notice.insecure': '登入框需要安全連線（https）。',
  'notice.notAllowed': '此應用程式無權使用此登入。',
  'password.setupTitle': '設定復原密碼',
  'password.recoverTitle': '輸入你的復原密碼',
  'password.setupHelp':
    '你的錢包被拆分為多個部分。此密碼保護讓你在新裝置上登入的那一部分。它從不離開此視窗，也無法重設：沒有它，新裝置無法開啟你的錢包。至少 {min} 個字元。',
  'password.recoverHelp': '這是一台新裝置：你建立錢包時設定的密碼可以在這裡開啟它。',
  'password.label': '復原密碼',
  'password.repeat': '再次輸入密碼',
  'password.create': '建立錢包',
  'password.recover': '復原錢包',
  'password.creating': '正在建立…',
  'password.opening': '正在開啟…',
  'password.tooShort': '密碼至少需要 {min} 個字元',
  'password.mismatch': '兩次輸入的密碼不一致',
  'password.wrong': '復原密碼不正確',
  'recovery.mismatch': '復原的錢包與此帳戶不符',
  'error.generic': '發生問題：請再試一次',
}
