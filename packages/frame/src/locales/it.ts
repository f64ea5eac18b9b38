import type { Catalog } from '../i18n.js'

/** Italian: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Accesso Latch',
  'notice.notFramed': 'Questa pagina funziona solo all’interno dell’app che l’ha aperta.',
  'notice.insecure': 'La finestra di accesso richiede una connessione sicura (https).',
  'notice.notAllowed': 'Questa app non è autorizzata a usare questo accesso.',
  'notice.noOpener': 'Questa finestra funziona solo quando la apre un’app.',
  'notice.noStorage':
    'Questo browser non dà spazio di archiviazione al wallet qui (l’archiviazione di terze parti è bloccata), quindi non è stato possibile mantenere l’accesso. Continua nella finestra del wallet, oppure consenti i dati dei siti di terze parti per questa app nelle impostazioni del browser e ricarica la pagina.',
  'window.wallet':
    'Il tuo wallet per {origin} funziona in questa finestra, dove questo browser conserva l’accesso. Tieni la finestra aperta mentre usi l’app; se la chiudi, l’app si disconnette, ma l’accesso resta qui per la prossima volta.',
  'password.setupTitle': 'Imposta una password di recupero',
  'password.recoverTitle': 'Inserisci la tua password di recupero',
  'password.setupHelp':
    'Il tuo wallet è diviso in parti. Questa password protegge la parte che ti permette di accedere da un nuovo dispositivo. Non lascia mai questa finestra e non può essere reimpostata: senza di essa un nuovo dispositivo non può aprire il tuo wallet. Almeno {min} caratteri.',
  'password.recoverHelp':
    'Questo è un nuovo dispositivo: la password impostata quando hai creato il wallet lo apre qui.',
  'password.backupTitle': 'Impostare anche una password di recupero?',
  'password.backupHelp':
    'Per un dispositivo senza questa passkey: questa password apre lì il tuo wallet. Non lascia mai questa finestra e non può essere reimpostata. Almeno {min} caratteri.',
  'password.skip': 'Salta: solo la passkey',
  'password.label': 'Password di recupero',
  'password.repeat': 'Ripeti la password',
  'password.create': 'Crea wallet',
  'password.recover': 'Recupera wallet',
  'password.creating': 'Creazione…',
  'password.opening': 'Apertura…',
  'password.tooShort': 'La password deve avere almeno {min} caratteri',
  'password.mismatch': 'Le password non coincidono',
  'password.weak':
    'Questa password è troppo facile da indovinare. Usane una più lunga: quattro o più parole senza legame vanno bene.',
  'passkey.setupTitle': 'Proteggi il tuo wallet con una passkey',
  'passkey.setupHelp':
    'Il tuo wallet è diviso in parti. Una passkey su questo dispositivo (o sincronizzata con i tuoi altri dispositivi) protegge la parte che ti permette di accedere da un nuovo dispositivo. Nulla di ciò che apre quella parte lascia questa finestra.',
  'passkey.create': 'Crea una passkey',
  'passkey.usePassword': 'Usa invece una password di recupero',
  'passkey.recoverTitle': 'Usa la tua passkey',
  'passkey.recoverHelp': 'Questo è un nuovo dispositivo: la passkey creata insieme al wallet lo apre qui.',
  'passkey.use': 'Usa la passkey',
  'passkey.waiting': 'In attesa della passkey…',
  'passkey.cancelled': 'La passkey non è stata usata. Riprova o scegli la password di recupero.',
  'passkey.noPrf':
    'Questa passkey non può proteggere un wallet (non supporta PRF). Scegli la password di recupero.',
  'passkey.lostTitle': 'Questo dispositivo non può aprire il tuo wallet senza la sua passkey',
  'passkey.lostHelp':
    'La passkey non è stata usata, quindi questo dispositivo non può aprire il tuo wallet: la parte che lo apre su un nuovo dispositivo è bloccata con la passkey che hai creato insieme al wallet, e nessun altro può sbloccarla, né l’app né il suo server. Accedi da un dispositivo che ha questa passkey: quello su cui hai creato il wallet, un dispositivo con cui si sincronizzano le tue passkey, o la tua chiave di sicurezza. Se hai annullato per errore, riprova.',
  'passkey.lostHelpPassword':
    'La passkey non è stata usata qui. Per questo wallet hai impostato anche una password di recupero: lo apre su questo dispositivo. Oppure accedi da un dispositivo che ha la passkey, o riprova.',
  'passkey.tryAgain': 'Riprova con la passkey',
  'passkey.helpLink': 'Dove sono le mie passkey? (si apre in una nuova scheda)',
  'passkey.wrong': 'Questa passkey non apre questo wallet. Usa la passkey che hai creato insieme a esso.',
  'password.wrong': 'La password di recupero non è corretta',
  'recovery.mismatch': 'Il wallet recuperato non corrisponde a questo account',
  'error.generic': 'Qualcosa è andato storto: riprova',
  'approve.title.message': 'Firma un messaggio',
  'approve.title.typedData': 'Firma dati tipizzati',
  'approve.title.transaction': 'Invia una transazione',
  'approve.title.solanaTransaction': 'Invia una transazione Solana',
  'approve.title.solanaSign': 'Firma una transazione Solana (la invia il sito)',
  'approve.feePayer': 'Commissione di rete pagata da',
  'approve.title.userOperation': 'Invia dal tuo account smart',
  'approve.fromSmartAccount': 'Account smart',
  'approve.callNumber': 'Chiamata {index} di {count}',
  'approve.paidByApp': 'L’app (sponsorizzato)',
  'approve.createsAccount': 'Crea il tuo account smart su questa chain (primo utilizzo)',
  'approve.program': 'Programma chiamato',
  'approve.lookupTables':
    'Questa transazione usa anche {count} account da tabelle di ricerca degli indirizzi; non sono mostrati qui.',
  'approve.origin': 'Richiesto da',
  'approve.originHelp': 'È il sito che incorpora questo wallet, come lo riporta il tuo browser.',
  'approve.dappClaim': 'Il sito si presenta come «{name}» (non verificato)',
  'approve.message': 'Messaggio',
  'approve.messageHex': 'Messaggio (non testo, mostrato in esadecimale)',
  'approve.domain': 'Dominio',
  'approve.contract': 'Contratto',
  'approve.domainChain': 'Chain del dominio',
  'approve.primaryType': 'Tipo',
  'approve.chainMismatch':
    'Attenzione: questa firma è per la chain {domain}, ma il wallet è sulla chain {current}.',
  'approve.permit': 'Permesso di spendere token ({kind})',
  'approve.riskUnlimited':
    'Rischio alto: questo consente a {spender} di prendere tutto questo token che possiedi, ora e in futuro, senza chiedere di nuovo.',
  'approve.riskAllItems':
    'Rischio alto: questo consente a {operator} di prendere ogni oggetto di questa collezione che possiedi, ora e in futuro, senza chiedere di nuovo.',
  'approve.riskUnknownPermit':
    'Rischio alto: sembra un permesso sui tuoi beni, di un tipo che questo wallet non sa riassumere. Controlla ogni campo qui sotto.',
  'approve.unknownCall':
    'Questo wallet non può decodificare questa chiamata (funzione sconosciuta {selector}). Approva solo se ti fidi del sito: i dati grezzi sono qui sotto.',
  'approve.irregularCall':
    'Gli argomenti di questa chiamata non seguono la codifica standard, quindi un contratto potrebbe leggerli diversamente. I dati grezzi sono qui sotto.',
  'approve.trailing': 'La chiamata porta {count} byte in più dopo i suoi argomenti (mostrati qui sotto).',
  'approve.trailingBytes': 'Byte in più',
  'approve.rawData': 'Dati grezzi (esattamente ciò che viene firmato)',
  'approve.rawAmount': '{amount} (unità grezze: non è stato possibile leggere i decimali del token)',
  'approve.nativeOf': '{amount} (valuta nativa della catena {chain})',
  'approve.fields': 'Tutto ciò che viene firmato',
  'approve.seaportListing':
    'Messa in vendita (Seaport): gli oggetti che cedi, in cambio dei pagamenti qui sotto',
  'approve.seaportOffer': 'Offerta (Seaport): il pagamento che cedi, in cambio degli oggetti qui sotto',
  'approve.youGive': 'Cedi',
  'approve.inReturn': 'Pagato in cambio (a)',
  'approve.hiddenCharacters':
    'Questo testo contiene caratteri invisibili o che cambiano la direzione, mostrati qui come ⟨U+…⟩: potrebbe non leggersi come viene firmato.',
  'approve.foreignSignIn':
    'Questo messaggio di accesso è per {domain}, non per il sito che lo chiede ({origin}).',
  'approve.spender': 'Autorizzato',
  'approve.token': 'Token',
  'approve.amount': 'Importo',
  'approve.unlimited': 'Illimitato',
  'approve.deadline': 'Valido fino al',
  'approve.noDeadline': 'Nessuna scadenza',
  'approve.to': 'Destinatario',
  'approve.contractCreation': 'Nuovo contratto',
  'approve.value': 'Valore',
  'approve.selector': 'Chiamata',
  'approve.chain': 'Chain',
  'approve.nonce': 'Nonce',
  'approve.gas': 'Limite di gas',
  'approve.networkFee': 'Commissione di rete',
  'approve.atMost': '≤ {amount}',
  'approve.withFiat': '{amount} (≤ {fiat})',
  'approve.cannotPay':
    'Il tuo saldo ({balance}) non basta per questa transazione: richiede fino a {needed}, l’importo più la commissione di rete massima. La rete la rifiuterebbe, quindi non può essere approvata. Aggiungi fondi a questo account, poi richiedila di nuovo.',
  'approve.from': 'Account',
  'approve.approve': 'Approva',
  'approve.reject': 'Rifiuta',
  'approve.working': 'Firma in corso…',
  'approve.unreachable': 'Il server del wallet non è raggiungibile',
  'approve.unreachableHelp':
    'Non è stato firmato né inviato nulla. Controlla la connessione e premi Riprova, oppure Chiudi per annullare la richiesta.',
  'approve.retry': 'Riprova',
  'approve.close': 'Chiudi',
  'approve.openWindow': 'Controlla nella finestra del wallet',
  'approve.windowHelp':
    'Questo browser non può indicare al wallet se la pagina copre questa schermata, quindi decidi nella finestra del wallet stesso su {origin}.',
  'approve.windowWaiting': 'Approva o rifiuta nella finestra del wallet.',
  'approve.windowTitle': 'Wallet Latch',
  'approve.windowDone': 'Fatto. Puoi chiudere questa finestra.',
  'approve.windowGone': 'Questa richiesta non è più in attesa. Puoi chiudere questa finestra.',
  'export.title': 'Esporta il tuo wallet',
  'export.help':
    'La frase di recupero e le chiavi private vengono mostrate in una finestra separata di {origin}, dopo un codice che inviamo a {email}. Chi le vede controlla il tuo wallet.',
  'export.open': 'Apri la finestra di esportazione',
  'export.cancel': 'Annulla',
  'export.blocked': 'La finestra non si è aperta: consenti i pop-up per questo sito e riprova.',
  'guard.hint':
    'Per la tua sicurezza, i pulsanti qui funzionano dopo che questa schermata è rimasta visibile per un attimo.',
  'guard.wait': 'Disponibile tra un attimo, per la tua sicurezza',
  'window.title': 'Esporta il tuo wallet',
  'window.notTopLevel': 'Questa pagina funziona solo nella propria finestra.',
  'window.noLogin':
    'A questa finestra non è stato passato alcun wallet: funziona solo quando la apre il wallet dell’app. Nell’app accedi, apri il tuo account, scegli «Esporta wallet» e poi «Apri la finestra di esportazione».',
  'window.intro':
    'Accesso effettuato come {email}. Inviamo un codice a questa email; la frase di recupero e le chiavi private vengono mostrate qui dopo averlo inserito. Ti avvisiamo anche via email quando sono state mostrate.',
  'window.sendCode': 'Invia il codice',
  'window.sending': 'Invio…',
  'window.codeSent': 'Abbiamo inviato un codice a {email}.',
  'window.codeLabel': 'Codice dall’email',
  'window.codeFormat': 'Il codice ha 6 cifre',
  'window.reveal': 'Mostra frase di recupero e chiavi',
  'window.revealing': 'Apertura…',
  'window.warning':
    'Chi vede questi dati controlla il tuo wallet. Scrivi la frase offline; non digitarla mai in un sito web e non condividerla.',
  'window.phrase': 'Frase di recupero',
  'window.evmKey': 'Chiave privata Ethereum ({address})',
  'window.solanaKey': 'Chiave privata Solana ({address})',
  'window.close': 'Nascondi e chiudi',
  'window.closed': 'Nascosto. Puoi chiudere questa finestra.',
  'recoveryNotice.recoveredTitle': 'Il tuo wallet è stato aperto su un nuovo dispositivo',
  'recoveryNotice.recoveredText':
    'Un nuovo dispositivo ha recuperato il tuo wallet con la tua email. Se non sei stato tu, qualcuno può leggere la tua email: proteggi la casella e contatta l’app.',
  'recoveryNotice.pendingTitle': 'Un nuovo dispositivo chiede di aprire il tuo wallet',
  'recoveryNotice.pendingText':
    'Potrà aprire il tuo wallet dopo {until}. Se non sei stato tu, premi «Non sono stato io» per fermarlo.',
  'recoveryNotice.cancelledTitle': 'Un nuovo dispositivo è stato fermato',
  'recoveryNotice.cancelledText':
    'Un nuovo dispositivo ha chiesto di aprire il tuo wallet ed è stato fermato con «Non sono stato io». Non può aprirlo.',
  'recoveryNotice.time': 'Ora',
  'recoveryNotice.browser': 'Programma di navigazione',
  'recoveryNotice.ip': 'Indirizzo IP',
  'recoveryNotice.stop': 'Non sono stato io',
  'recoveryNotice.dismiss': 'Ignora',
  'recoveryNotice.close': 'Chiudi',
  'recoveryNotice.tooLate': 'Questo recupero è già completato o è stato fermato.',
  'recoveryWait.pendingTitle': 'Il tuo wallet si aprirà qui più tardi',
  'recoveryWait.pendingText':
    'Per la tua sicurezza, questo nuovo dispositivo potrà aprire il tuo wallet dopo {until}. Abbiamo avvisato il titolare via email e sugli altri dispositivi. Torna allora e accedi di nuovo.',
  'recoveryWait.cancelledTitle': 'Questo dispositivo è stato fermato',
  'recoveryWait.cancelledText':
    'Il titolare di questo wallet ha premuto «Non sono stato io»: questo dispositivo non può aprirlo.',
}
