import type { Catalog } from '../i18n.js'

/** Dutch: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch-login',
  'notice.notFramed': 'Deze pagina werkt alleen in de app die haar heeft geopend.',
  'notice.insecure': 'Het loginvenster heeft een beveiligde verbinding (https) nodig.',
  'notice.notAllowed': 'Deze app mag deze login niet gebruiken.',
  'notice.noOpener': 'Dit venster werkt alleen als een app het opent.',
  'notice.noStorage':
    'Deze browser geeft de wallet hier geen opslag (opslag door derden is geblokkeerd), dus de login kon niet bewaard worden. Ga verder in het eigen venster van de wallet, of sta in de browserinstellingen sitegegevens van derden toe voor deze app en laad de pagina opnieuw.',
  'window.wallet':
    'Je wallet voor {origin} draait in dit venster, waar deze browser de login bewaart. Houd het venster open zolang je de app gebruikt; als je het sluit, wordt de koppeling met de app verbroken en blijft de login hier voor de volgende keer.',
  'password.setupTitle': 'Stel een herstelwachtwoord in',
  'password.recoverTitle': 'Voer je herstelwachtwoord in',
  'password.setupHelp':
    'Je wallet is in delen gesplitst. Dit wachtwoord beschermt het deel waarmee je op een nieuw apparaat inlogt. Het verlaat dit venster nooit en kan niet worden hersteld: zonder dit wachtwoord kan een nieuw apparaat je wallet niet openen. Minstens {min} tekens.',
  'password.recoverHelp':
    'Dit is een nieuw apparaat: het wachtwoord dat je bij het maken van je wallet instelde, opent hem hier.',
  'password.backupTitle': 'Ook een herstelwachtwoord instellen?',
  'password.backupHelp':
    'Voor een apparaat zonder deze passkey: dit wachtwoord opent je wallet daar. Het verlaat dit venster nooit en kan niet worden hersteld. Minstens {min} tekens.',
  'password.skip': 'Overslaan: alleen de passkey',
  'password.label': 'Herstelwachtwoord',
  'password.repeat': 'Herhaal het wachtwoord',
  'password.create': 'Wallet maken',
  'password.recover': 'Wallet herstellen',
  'password.creating': 'Bezig met maken…',
  'password.opening': 'Bezig met openen…',
  'password.tooShort': 'Het wachtwoord moet minstens {min} tekens hebben',
  'password.mismatch': 'De wachtwoorden komen niet overeen',
  'password.weak':
    'Dit wachtwoord is te makkelijk te raden. Kies een langer wachtwoord: vier of meer losse woorden werken goed.',
  'passkey.setupTitle': 'Bescherm je wallet met een passkey',
  'passkey.setupHelp':
    'Je wallet is in delen gesplitst. Een passkey op dit apparaat (of gesynchroniseerd met je andere apparaten) beschermt het deel waarmee je op een nieuw apparaat inlogt. Niets wat dat deel opent, verlaat dit venster.',
  'passkey.create': 'Passkey maken',
  'passkey.usePassword': 'Gebruik in plaats daarvan een herstelwachtwoord',
  'passkey.recoverTitle': 'Gebruik je passkey',
  'passkey.recoverHelp':
    'Dit is een nieuw apparaat: de passkey die je bij je wallet hebt gemaakt, opent hem hier.',
  'passkey.use': 'Passkey gebruiken',
  'passkey.waiting': 'Wachten op de passkey…',
  'passkey.cancelled': 'De passkey is niet gebruikt. Probeer het opnieuw of kies het herstelwachtwoord.',
  'passkey.noPrf':
    'Deze passkey kan geen wallet beschermen (hij ondersteunt geen PRF). Kies het herstelwachtwoord.',
  'passkey.lostTitle': 'Zonder de passkey kan dit apparaat je wallet niet openen',
  'passkey.lostHelp':
    'De passkey is niet gebruikt, dus dit apparaat kan je wallet niet openen: het deel dat hem op een nieuw apparaat opent, is vergrendeld met de passkey die je ermee hebt gemaakt, en niemand anders kan het ontgrendelen, ook de app en haar server niet. Log in op een apparaat dat deze passkey heeft: het apparaat waarop je de wallet hebt gemaakt, een apparaat waarmee je passkeys synchroniseren, of je beveiligingssleutel. Heb je per ongeluk geannuleerd, probeer het dan opnieuw.',
  'passkey.lostHelpPassword':
    'De passkey is hier niet gebruikt. Je hebt voor deze wallet ook een herstelwachtwoord ingesteld: dat opent de wallet op dit apparaat. Of log in op een apparaat met de passkey, of probeer het opnieuw.',
  'passkey.tryAgain': 'Passkey opnieuw proberen',
  'passkey.helpLink': 'Waar zijn mijn passkeys? (opent een nieuw tabblad)',
  'passkey.wrong': 'Deze passkey opent deze wallet niet. Gebruik de passkey die je ermee hebt gemaakt.',
  'password.wrong': 'Het herstelwachtwoord klopt niet',
  'recovery.mismatch': 'De herstelde wallet hoort niet bij dit account',
  'error.generic': 'Er ging iets mis: probeer het opnieuw',
  'approve.title.message': 'Bericht ondertekenen',
  'approve.title.typedData': 'Getypeerde gegevens ondertekenen',
  'approve.title.transaction': 'Transactie versturen',
  'approve.title.solanaTransaction': 'Solana-transactie versturen',
  'approve.title.solanaSign': 'Solana-transactie ondertekenen (de site verstuurt hem)',
  'approve.feePayer': 'Netwerkkosten betaald door',
  'approve.program': 'Aangeroepen programma',
  'approve.lookupTables':
    'Deze transactie gebruikt ook {count} accounts uit adres-opzoektabellen; die worden hier niet getoond.',
  'approve.origin': 'Aangevraagd door',
  'approve.originHelp': 'Dit is de site die deze wallet insluit, zoals je browser die meldt.',
  'approve.dappClaim': 'De site noemt zich „{name}” (niet geverifieerd)',
  'approve.message': 'Bericht',
  'approve.messageHex': 'Bericht (geen tekst, getoond als hex)',
  'approve.domain': 'Domein',
  'approve.contract': 'Contract',
  'approve.domainChain': 'Chain van het domein',
  'approve.primaryType': 'Type',
  'approve.chainMismatch':
    'Let op: deze handtekening is voor chain {domain}, maar de wallet staat op chain {current}.',
  'approve.permit': 'Toestemming om tokens uit te geven ({kind})',
  'approve.riskUnlimited':
    'Hoog risico: hiermee kan {spender} al deze token die u bezit nemen, nu en later, zonder het opnieuw te vragen.',
  'approve.riskAllItems':
    'Hoog risico: hiermee kan {operator} elk item van deze collectie dat u bezit nemen, nu en later, zonder het opnieuw te vragen.',
  'approve.riskUnknownPermit':
    'Hoog risico: dit lijkt op een toestemming over uw bezittingen, van een soort die deze wallet niet kan samenvatten. Controleer elk veld hieronder.',
  'approve.unknownCall':
    'Deze wallet kan deze aanroep niet ontcijferen (onbekende functie {selector}). Keur alleen goed als u de site vertrouwt: de ruwe gegevens staan hieronder.',
  'approve.irregularCall':
    'De argumenten van deze aanroep volgen niet de standaardcodering, dus een contract kan ze anders lezen. De ruwe gegevens staan hieronder.',
  'approve.trailing': 'De aanroep bevat {count} extra bytes na zijn argumenten (hieronder getoond).',
  'approve.trailingBytes': 'Overtollige bytes',
  'approve.rawData': 'Ruwe gegevens (precies wat ondertekend wordt)',
  'approve.rawAmount': '{amount} (ruwe eenheden: de decimalen van de token konden niet gelezen worden)',
  'approve.nativeOf': '{amount} (eigen munt van chain {chain})',
  'approve.fields': 'Alles wat ondertekend wordt',
  'approve.seaportListing': 'Verkoopaanbod (Seaport): de items die u geeft, voor de betalingen hieronder',
  'approve.seaportOffer': 'Bod (Seaport): de betaling die u geeft, voor de items hieronder',
  'approve.youGive': 'U geeft',
  'approve.inReturn': 'Betaald in ruil (aan)',
  'approve.hiddenCharacters':
    'Deze tekst bevat onzichtbare of richtingveranderende tekens, hier getoond als ⟨U+…⟩: hij leest misschien niet zoals hij ondertekend wordt.',
  'approve.foreignSignIn':
    'Dit aanmeldbericht is voor {domain}, niet voor de site die het vraagt ({origin}).',
  'approve.spender': 'Gemachtigde',
  'approve.token': 'Token',
  'approve.amount': 'Bedrag',
  'approve.unlimited': 'Onbeperkt',
  'approve.deadline': 'Geldig tot',
  'approve.noDeadline': 'Geen einddatum',
  'approve.to': 'Ontvanger',
  'approve.contractCreation': 'Nieuw contract',
  'approve.value': 'Waarde',
  'approve.selector': 'Aanroep',
  'approve.chain': 'Chain',
  'approve.nonce': 'Nonce',
  'approve.gas': 'Gaslimiet',
  'approve.networkFee': 'Netwerkkosten',
  'approve.atMost': '≤ {amount}',
  'approve.withFiat': '{amount} (≤ {fiat})',
  'approve.cannotPay':
    'Je saldo ({balance}) is niet genoeg voor deze transactie: die vraagt tot {needed}, het bedrag plus de maximale netwerkkosten. Het netwerk zou hem weigeren, dus hij kan niet worden goedgekeurd. Zet geld op dit account en vraag het daarna opnieuw.',
  'approve.from': 'Account',
  'approve.approve': 'Goedkeuren',
  'approve.reject': 'Weigeren',
  'approve.working': 'Bezig met ondertekenen…',
  'approve.unreachable': 'De walletserver is niet bereikbaar',
  'approve.unreachableHelp':
    'Er is niets ondertekend of verzonden. Controleer je verbinding en druk op Opnieuw proberen, of op Sluiten om het verzoek te annuleren.',
  'approve.retry': 'Opnieuw proberen',
  'approve.close': 'Sluiten',
  'approve.openWindow': 'Bekijken in het walletvenster',
  'approve.windowHelp':
    'Deze browser kan de wallet niet laten zien of de pagina dit scherm bedekt, dus je beslist in het eigen venster van de wallet op {origin}.',
  'approve.windowWaiting': 'Keur goed of weiger in het walletvenster.',
  'approve.windowTitle': 'Latch-wallet',
  'approve.windowDone': 'Klaar. Je kunt dit venster sluiten.',
  'approve.windowGone': 'Dit verzoek wacht niet meer. Je kunt dit venster sluiten.',
  'export.title': 'Je wallet exporteren',
  'export.help':
    'Je herstelzin en privésleutels worden getoond in een apart venster van {origin}, na een code die we naar {email} sturen. Wie ze ziet, beheert je wallet.',
  'export.open': 'Exportvenster openen',
  'export.cancel': 'Annuleren',
  'export.blocked': 'Het venster is niet geopend: sta pop-ups toe voor deze site en probeer het opnieuw.',
  'guard.hint': 'Voor je veiligheid werken de knoppen hier pas als dit scherm even in beeld is geweest.',
  'guard.wait': 'Zo meteen beschikbaar, voor je veiligheid',
  'window.title': 'Je wallet exporteren',
  'window.notTopLevel': 'Deze pagina werkt alleen in haar eigen venster.',
  'window.noLogin':
    'Er is geen wallet aan dit venster doorgegeven: het werkt alleen als de wallet in de app het opent. Log in de app in, open je account, kies ‘Wallet exporteren’ en daarna ‘Exportvenster openen’.',
  'window.intro':
    'Aangemeld als {email}. We sturen een code naar dit e-mailadres; je herstelzin en privésleutels worden hier getoond zodra je die invoert. We laten je ook per e-mail weten wanneer ze zijn getoond.',
  'window.sendCode': 'Code versturen',
  'window.sending': 'Bezig met versturen…',
  'window.codeSent': 'We hebben een code naar {email} gestuurd.',
  'window.codeLabel': 'Code uit de e-mail',
  'window.codeFormat': 'De code heeft 6 cijfers',
  'window.reveal': 'Herstelzin en sleutels tonen',
  'window.revealing': 'Bezig met openen…',
  'window.warning':
    'Wie dit ziet, beheert je wallet. Schrijf de zin offline op; typ hem nooit op een website en deel hem niet.',
  'window.phrase': 'Herstelzin',
  'window.evmKey': 'Ethereum-privésleutel ({address})',
  'window.solanaKey': 'Solana-privésleutel ({address})',
  'window.close': 'Verbergen en sluiten',
  'window.closed': 'Verborgen. Je kunt dit venster sluiten.',
  'recoveryNotice.recoveredTitle': 'Je wallet is geopend op een nieuw apparaat',
  'recoveryNotice.recoveredText':
    'Een nieuw apparaat heeft je wallet hersteld met je e-mail. Was jij dit niet, dan kan iemand je e-mail lezen: beveilig je mailbox en neem contact op met de app.',
  'recoveryNotice.pendingTitle': 'Een nieuw apparaat wil je wallet openen',
  'recoveryNotice.pendingText':
    'Het kan je wallet openen na {until}. Was jij dit niet, druk dan op ‘Dit was ik niet’ om het te stoppen.',
  'recoveryNotice.cancelledTitle': 'Een nieuw apparaat is gestopt',
  'recoveryNotice.cancelledText':
    'Een nieuw apparaat wilde je wallet openen en is gestopt met ‘Dit was ik niet’. Het kan je wallet niet openen.',
  'recoveryNotice.time': 'Tijd',
  'recoveryNotice.browser': 'Webbrowser',
  'recoveryNotice.ip': 'IP-adres',
  'recoveryNotice.stop': 'Dit was ik niet',
  'recoveryNotice.dismiss': 'Sluiten zonder actie',
  'recoveryNotice.close': 'Sluiten',
  'recoveryNotice.tooLate': 'Dit herstel is al voltooid of gestopt.',
  'recoveryWait.pendingTitle': 'Je wallet opent hier later',
  'recoveryWait.pendingText':
    'Voor je veiligheid kan dit nieuwe apparaat je wallet openen na {until}. We hebben de eigenaar gemaild en op de andere apparaten gewaarschuwd. Kom dan terug en log opnieuw in.',
  'recoveryWait.cancelledTitle': 'Dit apparaat is gestopt',
  'recoveryWait.cancelledText':
    'De eigenaar van deze wallet drukte op ‘Dit was ik niet’: dit apparaat kan hem niet openen.',
}
