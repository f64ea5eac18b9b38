import type { Catalog } from '../i18n.js'

/** Italian: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Accesso Latch',
  'notice.notFramed': 'Questa pagina funziona solo all’interno dell’app che l’ha aperta.',
  'notice.insecure': 'La finestra di accesso richiede una connessione sicura (https).',
  'notice.notAllowed': 'Questa app non è autorizzata a usare questo accesso.',
  'password.setupTitle': 'Imposta una password di recupero',
  'password.recoverTitle': 'Inserisci la tua password di recupero',
  'password.setupHelp':
    'Il tuo wallet è diviso in parti. Questa password protegge la parte che ti permette di accedere da un nuovo dispositivo. Non lascia mai questa finestra e non può essere reimpostata: senza di essa un nuovo dispositivo non può aprire il tuo wallet. Almeno {min} caratteri.',
  'password.recoverHelp':
    'Questo è un nuovo dispositivo: la password impostata quando hai creato il wallet lo apre qui.',
  'password.label': 'Password di recupero',
  'password.repeat': 'Ripeti la password',
  'password.create': 'Crea wallet',
  'password.recover': 'Recupera wallet',
  'password.creating': 'Creazione…',
  'password.opening': 'Apertura…',
  'password.tooShort': 'La password deve avere almeno {min} caratteri',
  'password.mismatch': 'Le password non coincidono',
  'password.wrong': 'La password di recupero non è corretta',
  'recovery.mismatch': 'Il wallet recuperato non corrisponde a questo account',
  'error.generic': 'Qualcosa è andato storto: riprova',
}
