import type { Catalog } from '../i18n.js'

/** German: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch-Anmeldung',
  'notice.notFramed': 'Diese Seite läuft nur in der App, die sie geöffnet hat.',
  'notice.insecure': 'Das Anmeldefenster braucht eine sichere Verbindung (https).',
  'notice.notAllowed': 'Diese App darf diese Anmeldung nicht verwenden.',
  'notice.noOpener': 'Dieses Fenster funktioniert nur, wenn eine App es öffnet.',
  'notice.noStorage':
    'Dieser Browser gibt der Wallet hier keinen Speicher (Speicher von Drittanbietern ist blockiert), daher konnte keine Anmeldung behalten werden. Fahre im eigenen Fenster der Wallet fort oder erlaube in den Browsereinstellungen Websitedaten von Drittanbietern für diese App und lade die Seite neu.',
  'window.wallet':
    'Deine Wallet für {origin} läuft in diesem Fenster, in dem dieser Browser die Anmeldung behält. Lass das Fenster geöffnet, solange du die App verwendest; schließt du es, wird die Verbindung zur App getrennt, und die Anmeldung bleibt für das nächste Mal hier.',
  'password.setupTitle': 'Wiederherstellungspasswort festlegen',
  'password.recoverTitle': 'Gib dein Wiederherstellungspasswort ein',
  'password.setupHelp':
    'Deine Wallet ist in Teile aufgeteilt. Dieses Passwort schützt den Teil, mit dem du dich auf einem neuen Gerät anmeldest. Es verlässt dieses Fenster nie und kann nicht zurückgesetzt werden: Ohne es kann ein neues Gerät deine Wallet nicht öffnen. Mindestens {min} Zeichen.',
  'password.recoverHelp':
    'Dies ist ein neues Gerät: Das Passwort, das du beim Erstellen deiner Wallet festgelegt hast, öffnet sie hier.',
  'password.backupTitle': 'Auch ein Wiederherstellungspasswort festlegen?',
  'password.backupHelp':
    'Für ein Gerät ohne diesen Passkey: Dieses Passwort öffnet deine Wallet dort. Es verlässt dieses Fenster nie und kann nicht zurückgesetzt werden. Mindestens {min} Zeichen.',
  'password.skip': 'Überspringen: nur der Passkey',
  'password.label': 'Wiederherstellungspasswort',
  'password.repeat': 'Passwort wiederholen',
  'password.create': 'Wallet erstellen',
  'password.recover': 'Wallet wiederherstellen',
  'password.creating': 'Wird erstellt…',
  'password.opening': 'Wird geöffnet…',
  'password.tooShort': 'Das Passwort braucht mindestens {min} Zeichen',
  'password.mismatch': 'Die Passwörter stimmen nicht überein',
  'password.weak':
    'Dieses Passwort ist zu leicht zu erraten. Wähle ein längeres: vier oder mehr Wörter ohne Zusammenhang eignen sich gut.',
  'passkey.setupTitle': 'Schütze deine Wallet mit einem Passkey',
  'passkey.setupHelp':
    'Deine Wallet ist in Teile aufgeteilt. Ein Passkey auf diesem Gerät (oder mit deinen anderen Geräten synchronisiert) schützt den Teil, mit dem du dich auf einem neuen Gerät anmeldest. Nichts, was diesen Teil öffnet, verlässt dieses Fenster.',
  'passkey.create': 'Passkey erstellen',
  'passkey.usePassword': 'Stattdessen ein Wiederherstellungspasswort verwenden',
  'passkey.recoverTitle': 'Verwende deinen Passkey',
  'passkey.recoverHelp':
    'Dies ist ein neues Gerät: Der Passkey, den du mit deiner Wallet erstellt hast, öffnet sie hier.',
  'passkey.use': 'Passkey verwenden',
  'passkey.waiting': 'Warte auf den Passkey…',
  'passkey.cancelled':
    'Der Passkey wurde nicht verwendet. Versuche es erneut oder wähle das Wiederherstellungspasswort.',
  'passkey.noPrf':
    'Dieser Passkey kann keine Wallet schützen (er unterstützt kein PRF). Wähle das Wiederherstellungspasswort.',
  'passkey.lostTitle': 'Ohne seinen Passkey kann dieses Gerät deine Wallet nicht öffnen',
  'passkey.lostHelp':
    'Der Passkey wurde nicht verwendet, daher kann dieses Gerät deine Wallet nicht öffnen: Der Teil, der sie auf einem neuen Gerät öffnet, ist mit dem Passkey gesperrt, den du mit ihr erstellt hast, und niemand sonst kann ihn entsperren, weder die App noch ihr Server. Melde dich auf einem Gerät an, das diesen Passkey hat: dem, auf dem du die Wallet erstellt hast, einem Gerät, mit dem deine Passkeys synchronisiert werden, oder deinem Sicherheitsschlüssel. Wenn du versehentlich abgebrochen hast, versuche es erneut.',
  'passkey.lostHelpPassword':
    'Der Passkey wurde hier nicht verwendet. Du hast für diese Wallet auch ein Wiederherstellungspasswort festgelegt: Es öffnet die Wallet auf diesem Gerät. Oder melde dich auf einem Gerät mit dem Passkey an oder versuche es erneut.',
  'passkey.tryAgain': 'Passkey erneut versuchen',
  'passkey.helpLink': 'Wo sind meine Passkeys? (öffnet einen neuen Tab)',
  'passkey.wrong':
    'Dieser Passkey öffnet diese Wallet nicht. Verwende den Passkey, den du mit ihr erstellt hast.',
  'password.wrong': 'Das Wiederherstellungspasswort ist nicht richtig',
  'recovery.mismatch': 'Die wiederhergestellte Wallet passt nicht zu diesem Konto',
  'error.generic': 'Etwas ist schiefgelaufen: Bitte versuche es erneut',
  'approve.title.message': 'Nachricht signieren',
  'approve.title.typedData': 'Typisierte Daten signieren',
  'approve.title.transaction': 'Transaktion senden',
  'approve.title.solanaTransaction': 'Solana-Transaktion senden',
  'approve.title.solanaSign': 'Solana-Transaktion signieren (die Website sendet sie)',
  'approve.feePayer': 'Netzwerkgebühr bezahlt von',
  'approve.title.userOperation': 'Von deinem Smart Account senden',
  'approve.fromSmartAccount': 'Smart Account',
  'approve.callNumber': 'Aufruf {index} von {count}',
  'approve.paidByApp': 'Die App (gesponsert)',
  'approve.createsAccount': 'Erstellt deinen Smart Account auf dieser Chain (erste Nutzung)',
  'approve.program': 'Aufgerufenes Programm',
  'approve.lookupTables':
    'Diese Transaktion nutzt außerdem {count} Konten aus Adress-Lookup-Tabellen; sie werden hier nicht angezeigt.',
  'approve.origin': 'Angefragt von',
  'approve.originHelp': 'Das ist die Website, die diese Wallet einbettet, wie dein Browser sie meldet.',
  'approve.dappClaim': 'Die Website nennt sich „{name}“ (nicht überprüft)',
  'approve.message': 'Nachricht',
  'approve.messageHex': 'Nachricht (kein Text, als Hex angezeigt)',
  'approve.domain': 'Domain',
  'approve.contract': 'Vertrag',
  'approve.domainChain': 'Chain der Domain',
  'approve.primaryType': 'Typ',
  'approve.chainMismatch':
    'Achtung: Diese Signatur gilt für Chain {domain}, die Wallet ist aber auf Chain {current}.',
  'approve.permit': 'Erlaubnis, Token auszugeben ({kind})',
  'approve.riskUnlimited':
    'Hohes Risiko: Damit kann {spender} diesen Token vollständig nehmen, jetzt und später, ohne erneut zu fragen.',
  'approve.riskAllItems':
    'Hohes Risiko: Damit kann {operator} jedes Objekt dieser Sammlung nehmen, das Sie besitzen, jetzt und später, ohne erneut zu fragen.',
  'approve.riskUnknownPermit':
    'Hohes Risiko: Dies sieht nach einer Erlaubnis über Ihr Vermögen aus, deren Art diese Wallet nicht zusammenfassen kann. Prüfen Sie jedes Feld unten.',
  'approve.unknownCall':
    'Diese Wallet kann den Aufruf nicht entschlüsseln (unbekannte Funktion {selector}). Bestätigen Sie nur, wenn Sie der Website vertrauen: die Rohdaten stehen unten.',
  'approve.irregularCall':
    'Die Argumente dieses Aufrufs sind nicht standardmäßig kodiert, ein Vertrag könnte sie anders lesen. Die Rohdaten stehen unten.',
  'approve.trailing': 'Der Aufruf enthält {count} zusätzliche Bytes nach seinen Argumenten (unten gezeigt).',
  'approve.trailingBytes': 'Zusätzliche Bytes',
  'approve.rawData': 'Rohdaten (genau das, was signiert wird)',
  'approve.rawAmount': '{amount} (Roheinheiten: die Dezimalstellen des Tokens konnten nicht gelesen werden)',
  'approve.nativeOf': '{amount} (native Währung der Chain {chain})',
  'approve.fields': 'Alles, was signiert wird',
  'approve.seaportListing':
    'Verkaufsangebot (Seaport): die Objekte, die Sie geben, gegen die Zahlungen unten',
  'approve.seaportOffer': 'Kaufangebot (Seaport): die Zahlung, die Sie leisten, für die Objekte unten',
  'approve.youGive': 'Sie geben',
  'approve.inReturn': 'Gegenleistung (an)',
  'approve.hiddenCharacters':
    'Dieser Text enthält unsichtbare oder richtungsändernde Zeichen, hier als ⟨U+…⟩ gezeigt: er liest sich vielleicht nicht so, wie er signiert wird.',
  'approve.foreignSignIn':
    'Diese Anmeldenachricht ist für {domain}, nicht für die anfragende Website ({origin}).',
  'approve.spender': 'Berechtigter',
  'approve.token': 'Token',
  'approve.amount': 'Betrag',
  'approve.unlimited': 'Unbegrenzt',
  'approve.deadline': 'Gültig bis',
  'approve.noDeadline': 'Keine Frist',
  'approve.to': 'Empfänger',
  'approve.contractCreation': 'Neuer Vertrag',
  'approve.value': 'Wert',
  'approve.selector': 'Aufruf',
  'approve.chain': 'Chain',
  'approve.nonce': 'Nonce',
  'approve.gas': 'Gaslimit',
  'approve.networkFee': 'Netzwerkgebühr',
  'approve.atMost': '≤ {amount}',
  'approve.withFiat': '{amount} (≤ {fiat})',
  'approve.cannotPay':
    'Dein Guthaben ({balance}) reicht für diese Transaktion nicht: Sie braucht bis zu {needed}, den Betrag plus die maximale Netzwerkgebühr. Das Netzwerk würde sie ablehnen, daher kann sie nicht bestätigt werden. Lade dieses Konto auf und frage dann erneut.',
  'approve.from': 'Konto',
  'approve.approve': 'Bestätigen',
  'approve.reject': 'Ablehnen',
  'approve.working': 'Wird signiert…',
  'approve.unreachable': 'Der Wallet-Server ist nicht erreichbar',
  'approve.unreachableHelp':
    'Nichts wurde signiert oder gesendet. Prüfe deine Verbindung und drücke „Erneut versuchen“ oder „Schließen“, um die Anfrage abzubrechen.',
  'approve.retry': 'Erneut versuchen',
  'approve.close': 'Schließen',
  'approve.openWindow': 'Im Wallet-Fenster prüfen',
  'approve.windowHelp':
    'Dieser Browser kann der Wallet nicht zeigen, ob die Seite diesen Bildschirm verdeckt. Deshalb entscheidest du im eigenen Fenster der Wallet auf {origin}.',
  'approve.windowWaiting': 'Bestätige oder lehne im Wallet-Fenster ab.',
  'approve.windowTitle': 'Latch-Wallet',
  'approve.windowDone': 'Erledigt. Du kannst dieses Fenster schließen.',
  'approve.windowGone': 'Diese Anfrage wartet nicht mehr. Du kannst dieses Fenster schließen.',
  'export.title': 'Wallet exportieren',
  'export.help':
    'Deine Wiederherstellungsphrase und privaten Schlüssel werden in einem eigenen Fenster von {origin} angezeigt, nach einem Code, den wir an {email} senden. Wer sie sieht, kontrolliert deine Wallet.',
  'export.open': 'Exportfenster öffnen',
  'export.cancel': 'Abbrechen',
  'export.blocked':
    'Das Fenster wurde nicht geöffnet: Erlaube Pop-ups für diese Website und versuche es erneut.',
  'guard.hint':
    'Zu deiner Sicherheit funktionieren die Schaltflächen hier erst, wenn dieser Bildschirm einen Moment lang zu sehen war.',
  'guard.wait': 'Gleich verfügbar – zu deiner Sicherheit',
  'window.title': 'Wallet exportieren',
  'window.notTopLevel': 'Diese Seite funktioniert nur in ihrem eigenen Fenster.',
  'window.noLogin':
    'Diesem Fenster wurde keine Wallet übergeben: Es funktioniert nur, wenn die Wallet in der App es öffnet. Melde dich in der App an, öffne dein Konto, wähle „Wallet exportieren“ und dann „Exportfenster öffnen“.',
  'window.intro':
    'Angemeldet als {email}. Wir senden einen Code an diese E-Mail-Adresse; deine Wiederherstellungsphrase und privaten Schlüssel werden hier angezeigt, sobald du ihn eingibst. Wir teilen dir auch per E-Mail mit, wann sie angezeigt wurden.',
  'window.sendCode': 'Code senden',
  'window.sending': 'Wird gesendet…',
  'window.codeSent': 'Wir haben einen Code an {email} gesendet.',
  'window.codeLabel': 'Code aus der E-Mail',
  'window.codeFormat': 'Der Code hat 6 Ziffern',
  'window.reveal': 'Wiederherstellungsphrase und Schlüssel anzeigen',
  'window.revealing': 'Wird geöffnet…',
  'window.warning':
    'Wer diese sieht, kontrolliert deine Wallet. Schreib die Phrase offline auf; gib sie nie auf einer Website ein und teile sie nicht.',
  'window.phrase': 'Wiederherstellungsphrase',
  'window.evmKey': 'Privater Ethereum-Schlüssel ({address})',
  'window.solanaKey': 'Privater Solana-Schlüssel ({address})',
  'window.close': 'Ausblenden und schließen',
  'window.closed': 'Ausgeblendet. Du kannst dieses Fenster schließen.',
  'recoveryNotice.recoveredTitle': 'Deine Wallet wurde auf einem neuen Gerät geöffnet',
  'recoveryNotice.recoveredText':
    'Ein neues Gerät hat deine Wallet mit deiner E-Mail wiederhergestellt. Warst du das nicht, kann jemand deine E-Mails lesen: Sichere dein Postfach und kontaktiere die App.',
  'recoveryNotice.pendingTitle': 'Ein neues Gerät möchte deine Wallet öffnen',
  'recoveryNotice.pendingText':
    'Es kann deine Wallet nach {until} öffnen. Warst du das nicht, tippe auf „Das war ich nicht“, um es zu stoppen.',
  'recoveryNotice.cancelledTitle': 'Ein neues Gerät wurde gestoppt',
  'recoveryNotice.cancelledText':
    'Ein neues Gerät wollte deine Wallet öffnen und wurde mit „Das war ich nicht“ gestoppt. Es kann deine Wallet nicht öffnen.',
  'recoveryNotice.time': 'Zeit',
  'recoveryNotice.browser': 'Browser-Programm',
  'recoveryNotice.ip': 'IP-Adresse',
  'recoveryNotice.stop': 'Das war ich nicht',
  'recoveryNotice.dismiss': 'Ausblenden',
  'recoveryNotice.close': 'Schließen',
  'recoveryNotice.tooLate': 'Diese Wiederherstellung ist bereits abgeschlossen oder wurde gestoppt.',
  'recoveryWait.pendingTitle': 'Deine Wallet öffnet sich hier später',
  'recoveryWait.pendingText':
    'Zu deiner Sicherheit kann dieses neue Gerät deine Wallet nach {until} öffnen. Wir haben den Inhaber per E-Mail und auf den anderen Geräten informiert. Komm dann wieder und melde dich erneut an.',
  'recoveryWait.cancelledTitle': 'Dieses Gerät wurde gestoppt',
  'recoveryWait.cancelledText':
    'Der Inhaber dieser Wallet hat „Das war ich nicht“ gewählt: Dieses Gerät kann sie nicht öffnen.',
}
