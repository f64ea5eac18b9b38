import type { Catalog } from '../i18n.js'

/** Dutch: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch-login',
  'notice.notFramed': 'Deze pagina werkt alleen in de app die haar heeft geopend.',
  'notice.insecure': 'Het loginvenster heeft een beveiligde verbinding (https) nodig.',
  'notice.notAllowed': 'Deze app mag deze login niet gebruiken.',
  'password.setupTitle': 'Stel een herstelwachtwoord in',
  'password.recoverTitle': 'Voer je herstelwachtwoord in',
  'password.setupHelp':
    'Je wallet is in delen gesplitst. Dit wachtwoord beschermt het deel waarmee je op een nieuw apparaat inlogt. Het verlaat dit venster nooit en kan niet worden hersteld: zonder dit wachtwoord kan een nieuw apparaat je wallet niet openen. Minstens {min} tekens.',
  'password.recoverHelp':
    'Dit is een nieuw apparaat: het wachtwoord dat je bij het maken van je wallet instelde, opent hem hier.',
  'password.label': 'Herstelwachtwoord',
  'password.repeat': 'Herhaal het wachtwoord',
  'password.create': 'Wallet maken',
  'password.recover': 'Wallet herstellen',
  'password.creating': 'Bezig met maken…',
  'password.opening': 'Bezig met openen…',
  'password.tooShort': 'Het wachtwoord moet minstens {min} tekens hebben',
  'password.mismatch': 'De wachtwoorden komen niet overeen',
  'password.wrong': 'Het herstelwachtwoord klopt niet',
  'recovery.mismatch': 'De herstelde wallet hoort niet bij dit account',
  'error.generic': 'Er ging iets mis: probeer het opnieuw',
}
