import type { Catalog } from '../i18n.js'

/** Japanese: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch ログイン',
  'notice.notFramed': 'このページは、これを開いたアプリの中でのみ動作します。',
  'notice.insecure': 'ログインフレームには安全な接続（https）が必要です。',
  'notice.notAllowed': 'このアプリはこのログインを使用できません。',
  'notice.noOpener': 'このウィンドウは、アプリから開かれたときにのみ動作します。',
  'notice.noStorage':
    'このブラウザはここでウォレットに保存領域を与えていません（サードパーティのストレージがブロックされています）。そのためログインを保持できませんでした。ウォレット専用のウィンドウで続けるか、ブラウザの設定でこのアプリのサードパーティのサイトデータを許可して、ページを再読み込みしてください。',
  'window.wallet':
    '{origin} 用のウォレットはこのウィンドウで動作し、このブラウザーはここにログインを保持します。アプリを使っている間は、ウィンドウを開いたままにしてください。閉じるとアプリとの接続が切れますが、ログインは次回のためにここに残ります。',
  'password.setupTitle': '復元パスワードを設定',
  'password.recoverTitle': '復元パスワードを入力',
  'password.setupHelp':
    'ウォレットは複数の部分に分割されています。このパスワードは、新しいデバイスでサインインするための部分を保護します。このウィンドウの外に出ることはなく、リセットもできません。これがないと新しいデバイスでウォレットを開けません。{min} 文字以上。',
  'password.recoverHelp': '新しいデバイスです。ウォレット作成時に設定したパスワードでここで開けます。',
  'password.backupTitle': '復元パスワードも設定しますか？',
  'password.backupHelp':
    'このパスキーのない端末用：このパスワードでその端末でもウォレットを開けます。このウィンドウの外に出ることはなく、リセットもできません。{min} 文字以上。',
  'password.skip': 'スキップ：パスキーのみ',
  'password.label': '復元パスワード',
  'password.repeat': 'パスワードをもう一度入力',
  'password.create': 'ウォレットを作成',
  'password.recover': 'ウォレットを復元',
  'password.creating': '作成中…',
  'password.opening': '開いています…',
  'password.tooShort': 'パスワードは {min} 文字以上必要です',
  'password.mismatch': 'パスワードが一致しません',
  'password.weak':
    'このパスワードは推測されやすすぎます。もっと長いものにしてください。関係のない単語を4つ以上並べるのがおすすめです。',
  'passkey.setupTitle': 'パスキーでウォレットを保護',
  'passkey.setupHelp':
    'ウォレットは複数の部分に分割されています。このデバイス上の（または他のデバイスと同期された）パスキーが、新しいデバイスでサインインするための部分を保護します。それを開くためのものがこのウィンドウの外に出ることはありません。',
  'passkey.create': 'パスキーを作成',
  'passkey.usePassword': '代わりに復元パスワードを使う',
  'passkey.recoverTitle': 'パスキーを使用してください',
  'passkey.recoverHelp': '新しいデバイスです。ウォレットと一緒に作成したパスキーでここで開けます。',
  'passkey.use': 'パスキーを使用',
  'passkey.waiting': 'パスキーを待っています…',
  'passkey.cancelled': 'パスキーが使用されませんでした。もう一度試すか、復元パスワードを選択してください。',
  'passkey.noPrf':
    'このパスキーではウォレットを保護できません（PRF に対応していません）。復元パスワードを選択してください。',
  'passkey.lostTitle': 'パスキーがないと、この端末ではウォレットを開けません',
  'passkey.lostHelp':
    'パスキーが使われなかったため、この端末ではウォレットを開けません。新しい端末でウォレットを開くための部分は、ウォレットと一緒に作成したパスキーでロックされており、アプリやそのサーバーを含め、ほかの誰にも解除できません。このパスキーがある端末でサインインしてください（ウォレットを作成した端末、パスキーが同期されている端末、またはセキュリティキー）。誤ってキャンセルした場合は、もう一度お試しください。',
  'passkey.lostHelpPassword':
    'ここではパスキーが使われませんでした。このウォレットには復元パスワードも設定されています。それを使えばこの端末でウォレットを開けます。または、パスキーのある端末でサインインするか、もう一度お試しください。',
  'passkey.tryAgain': 'もう一度パスキーを使う',
  'passkey.helpLink': 'パスキーはどこにありますか？（新しいタブで開きます）',
  'passkey.wrong':
    'このパスキーではこのウォレットを開けません。ウォレットと一緒に作成したパスキーを使用してください。',
  'password.wrong': '復元パスワードが正しくありません',
  'recovery.mismatch': '復元したウォレットがこのアカウントと一致しません',
  'error.generic': '問題が発生しました。もう一度お試しください',
  'approve.title.message': 'メッセージに署名',
  'approve.title.typedData': '型付きデータに署名',
  'approve.title.transaction': 'トランザクションを送信',
  'approve.title.solanaTransaction': 'Solana トランザクションを送信',
  'approve.title.solanaSign': 'Solana トランザクションに署名（送信はサイトが行います）',
  'approve.feePayer': 'ネットワーク手数料の支払者',
  'approve.program': '呼び出すプログラム',
  'approve.lookupTables':
    'このトランザクションはアドレス検索テーブルの {count} 個のアカウントも使います。ここには表示されません。',
  'approve.origin': 'リクエスト元',
  'approve.originHelp': 'ブラウザーが報告する、このウォレットを埋め込んでいるサイトです。',
  'approve.dappClaim': 'サイトの自称名：「{name}」（未確認）',
  'approve.message': 'メッセージ',
  'approve.messageHex': 'メッセージ（テキストではないため16進数で表示）',
  'approve.domain': 'ドメイン',
  'approve.contract': 'コントラクト',
  'approve.domainChain': 'ドメインのチェーン',
  'approve.primaryType': 'タイプ',
  'approve.chainMismatch':
    '警告：この署名はチェーン {domain} 用ですが、ウォレットはチェーン {current} にあります。',
  'approve.permit': 'トークン使用の許可（{kind}）',
  'approve.riskUnlimited':
    '高リスク: {spender} が、あなたの保有するこのトークンを今後も確認なしにすべて取得できるようになります。',
  'approve.riskAllItems':
    '高リスク: {operator} が、あなたの保有するこのコレクションのすべてのアイテムを今後も確認なしに取得できるようになります。',
  'approve.riskUnknownPermit':
    '高リスク: 資産に対する許可のようですが、このウォレットでは要約できない種類です。下のすべての項目を確認してください。',
  'approve.unknownCall':
    'このウォレットはこの呼び出しを解読できません（不明な関数 {selector}）。サイトを信頼できる場合のみ承認してください。生データは下にあります。',
  'approve.irregularCall':
    'この呼び出しの引数は標準のエンコードではないため、コントラクトが異なる解釈をする可能性があります。生データは下にあります。',
  'approve.trailing': 'この呼び出しには引数の後に {count} バイトの余分なデータがあります（下に表示）。',
  'approve.trailingBytes': '余分なバイト',
  'approve.rawData': '生データ（署名される内容そのもの）',
  'approve.rawAmount': '{amount}（最小単位: トークンの小数桁数を読み取れませんでした）',
  'approve.nativeOf': '{amount}（チェーン {chain} のネイティブ通貨）',
  'approve.fields': '署名されるすべての内容',
  'approve.seaportListing': '出品（Seaport）: 下の支払いと引き換えに渡すアイテム',
  'approve.seaportOffer': 'オファー（Seaport）: 下のアイテムと引き換えに渡す支払い',
  'approve.youGive': '渡すもの',
  'approve.inReturn': '対価の支払い（宛先）',
  'approve.hiddenCharacters':
    'このテキストには見えない文字や表示方向を変える文字が含まれており、ここでは ⟨U+…⟩ と表示しています。署名される内容と異なって読める可能性があります。',
  'approve.foreignSignIn':
    'このサインインメッセージは {domain} 向けで、依頼しているサイト（{origin}）向けではありません。',
  'approve.spender': '使用者',
  'approve.token': 'トークン',
  'approve.amount': '金額',
  'approve.unlimited': '無制限',
  'approve.deadline': '有効期限',
  'approve.noDeadline': '期限なし',
  'approve.to': '受取人',
  'approve.contractCreation': '新しいコントラクト',
  'approve.value': '送金額',
  'approve.selector': '呼び出し',
  'approve.chain': 'チェーン',
  'approve.nonce': 'ノンス',
  'approve.gas': 'ガス上限',
  'approve.networkFee': 'ネットワーク手数料',
  'approve.atMost': '≤ {amount}',
  'approve.withFiat': '{amount}（≤ {fiat}）',
  'approve.cannotPay':
    '残高（{balance}）ではこの取引を支払えません：最大 {needed}（送金額と最大ネットワーク手数料の合計）が必要です。ネットワークに拒否されるため、承認できません。このアカウントに入金してから、もう一度リクエストしてください。',
  'approve.from': 'アカウント',
  'approve.approve': '承認',
  'approve.reject': '拒否',
  'approve.working': '署名中…',
  'approve.unreachable': 'ウォレットのサーバーに接続できません',
  'approve.unreachableHelp':
    '署名も送信もされていません。接続を確認して「再試行」を押すか、「閉じる」でリクエストを取り消してください。',
  'approve.retry': '再試行',
  'approve.close': '閉じる',
  'approve.openWindow': 'ウォレットのウィンドウで確認',
  'approve.windowHelp':
    'このブラウザーでは、ページがこの画面を覆っているかどうかをウォレットが確かめられません。そのため {origin} のウォレット専用ウィンドウで判断します。',
  'approve.windowWaiting': 'ウォレットのウィンドウで承認または拒否してください。',
  'approve.windowTitle': 'Latch ウォレット',
  'approve.windowDone': '完了しました。このウィンドウを閉じてかまいません。',
  'approve.windowGone': 'このリクエストはもう待機していません。このウィンドウを閉じてかまいません。',
  'export.title': 'ウォレットをエクスポート',
  'export.help':
    '復元フレーズと秘密鍵は、{email} に送るコードの入力後、{origin} の別ウィンドウに表示されます。見た人はあなたのウォレットを操作できます。',
  'export.open': 'エクスポート画面を開く',
  'export.cancel': 'キャンセル',
  'export.blocked':
    'ウィンドウが開きませんでした。このサイトのポップアップを許可して、もう一度お試しください。',
  'guard.hint': '安全のため、この画面が少しの間表示されてからボタンが使えるようになります。',
  'guard.wait': '安全のため、まもなく使えるようになります',
  'window.title': 'ウォレットをエクスポート',
  'window.notTopLevel': 'このページは専用のウィンドウでのみ動作します。',
  'window.noLogin':
    'このウィンドウにはウォレットが渡されていません。アプリ内のウォレットが開いたときだけ動作します。アプリでサインインし、アカウントを開いて「ウォレットをエクスポート」、続けて「エクスポート画面を開く」を選んでください。',
  'window.intro':
    '{email} としてサインイン中です。このメールアドレスにコードを送ります。入力すると、復元フレーズと秘密鍵がここに表示されます。表示された日時もメールでお知らせします。',
  'window.sendCode': 'コードを送信',
  'window.sending': '送信中…',
  'window.codeSent': '{email} にコードを送信しました。',
  'window.codeLabel': 'メールに記載のコード',
  'window.codeFormat': 'コードは6桁です',
  'window.reveal': '復元フレーズと鍵を表示',
  'window.revealing': '開いています…',
  'window.warning':
    'これを見た人はあなたのウォレットを操作できます。フレーズはオフラインで書き留め、ウェブサイトに入力したり共有したりしないでください。',
  'window.phrase': '復元フレーズ',
  'window.evmKey': 'Ethereum の秘密鍵（{address}）',
  'window.solanaKey': 'Solana の秘密鍵（{address}）',
  'window.close': '隠して閉じる',
  'window.closed': '非表示にしました。このウィンドウを閉じてかまいません。',
  'recoveryNotice.recoveredTitle': 'ウォレットが新しいデバイスで開かれました',
  'recoveryNotice.recoveredText':
    '新しいデバイスがあなたのメールでウォレットを復元しました。心当たりがない場合、誰かがあなたのメールを読める状態です。メールボックスを保護し、アプリに連絡してください。',
  'recoveryNotice.pendingTitle': '新しいデバイスがウォレットを開こうとしています',
  'recoveryNotice.pendingText':
    '{until} 以降にウォレットを開けるようになります。心当たりがない場合は「自分ではない」を押して止めてください。',
  'recoveryNotice.cancelledTitle': '新しいデバイスを止めました',
  'recoveryNotice.cancelledText':
    '新しいデバイスがウォレットを開こうとしましたが、「自分ではない」で止められました。このデバイスはウォレットを開けません。',
  'recoveryNotice.time': '日時',
  'recoveryNotice.browser': 'ブラウザ',
  'recoveryNotice.ip': 'IP アドレス',
  'recoveryNotice.stop': '自分ではない',
  'recoveryNotice.dismiss': '閉じる（確認済み）',
  'recoveryNotice.close': '閉じる',
  'recoveryNotice.tooLate': 'この復元はすでに完了したか、止められています。',
  'recoveryWait.pendingTitle': 'ウォレットは後でここで開きます',
  'recoveryWait.pendingText':
    '安全のため、この新しいデバイスは {until} 以降にウォレットを開けます。所有者にはメールと他のデバイスで知らせました。その時刻以降にもう一度サインインしてください。',
  'recoveryWait.cancelledTitle': 'このデバイスは止められました',
  'recoveryWait.cancelledText':
    'このウォレットの所有者が「自分ではない」を押しました。このデバイスでは開けません。',
}
