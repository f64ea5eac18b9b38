import type { Catalog } from '../i18n.js'

/** German: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Latch-Anmeldung',
  'notice.notFramed': 'Diese Seite läuft nur in der App, die sie geöffnet hat.',
  'notice.insecure': 'Das Anmeldefenster braucht eine sichere Verbindung (https).',
  'notice.notAllowed': 'Diese App darf diese Anmeldung nicht verwenden.',
  'password.setupTitle': 'Wiederherstellungspasswort festlegen',
  'password.recoverTitle': 'Gib dein Wiederherstellungspasswort ein',
  'password.setupHelp':
    'Deine Wallet ist in Teile aufgeteilt. Dieses Passwort schützt den Teil, mit dem du dich auf einem neuen Gerät anmeldest. Es verlässt dieses Fenster nie und kann nicht zurückgesetzt werden: Ohne es kann ein neues Gerät deine Wallet nicht öffnen. Mindestens {min} Zeichen.',
  'password.recoverHelp':
    'Dies ist ein neues Gerät: Das Passwort, das du beim Erstellen deiner Wallet festgelegt hast, öffnet sie hier.',
  'password.label': 'Wiederherstellungspasswort',
  'password.repeat': 'Passwort wiederholen',
  'password.create': 'Wallet erstellen',
  'password.recover': 'Wallet wiederherstellen',
  'password.creating': 'Wird erstellt…',
  'password.opening': 'Wird geöffnet…',
  'password.tooShort': 'Das Passwort braucht mindestens {min} Zeichen',
  'password.mismatch': 'Die Passwörter stimmen nicht überein',
  'password.wrong': 'Das Wiederherstellungspasswort ist nicht richtig',
  'recovery.mismatch': 'Die wiederhergestellte Wallet passt nicht zu diesem Konto',
  'error.generic': 'Etwas ist schiefgelaufen: Bitte versuche es erneut',
}
