import type { Catalog } from '../i18n.js'

/** Japanese: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch ログイン',
  'notice.notFramed': 'このページは、これを開いたアプリの中でのみ動作します。',
  'notice.insecure': 'ログインフレームには安全な接続（https）が必要です。',
  'notice.notAllowed': 'このアプリはこのログインを使用できません。',
  'password.setupTitle': '復元パスワードを設定',
  'password.recoverTitle': '復元パスワードを入力',
  'password.setupHelp':
    'ウォレットは複数の部分に分割されています。このパスワードは、新しいデバイスでサインインするための部分を保護します。このウィンドウの外に出ることはなく、リセットもできません。これがないと新しいデバイスでウォレットを開けません。{min} 文字以上。',
  'password.recoverHelp': '新しいデバイスです。ウォレット作成時に設定したパスワードでここで開けます。',
  'password.label': '復元パスワード',
  'password.repeat': 'パスワードをもう一度入力',
  'password.create': 'ウォレットを作成',
  'password.recover': 'ウォレットを復元',
  'password.creating': '作成中…',
  'password.opening': '開いています…',
  'password.tooShort': 'パスワードは {min} 文字以上必要です',
  'password.mismatch': 'パスワードが一致しません',
  'password.wrong': '復元パスワードが正しくありません',
  'recovery.mismatch': '復元したウォレットがこのアカウントと一致しません',
  'error.generic': '問題が発生しました。もう一度お試しください',
}
