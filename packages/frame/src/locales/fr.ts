import type { Catalog } from '../i18n.js'

/** French: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Connexion Latch',
  'notice.notFramed': 'Cette page ne fonctionne que dans l’application qui l’a ouverte.',
  'notice.insecure': 'La fenêtre de connexion a besoin d’une connexion sécurisée (https).',
  'notice.notAllowed': 'Cette application n’est pas autorisée à utiliser cette connexion.',
  'password.setupTitle': 'Définissez un mot de passe de récupération',
  'password.recoverTitle': 'Saisissez votre mot de passe de récupération',
  'password.setupHelp':
    'Votre portefeuille est divisé en plusieurs parts. Ce mot de passe protège la part qui vous permet de vous connecter sur un nouvel appareil. Il ne quitte jamais cette fenêtre et ne peut pas être réinitialisé : sans lui, un nouvel appareil ne peut pas ouvrir votre portefeuille. Au moins {min} caractères.',
  'password.recoverHelp':
    'Ceci est un nouvel appareil : le mot de passe défini à la création de votre portefeuille l’ouvre ici.',
  'password.label': 'Mot de passe de récupération',
  'password.repeat': 'Répétez le mot de passe',
  'password.create': 'Créer le portefeuille',
  'password.recover': 'Récupérer le portefeuille',
  'password.creating': 'Création…',
  'password.opening': 'Ouverture…',
  'password.tooShort': 'Le mot de passe doit contenir au moins {min} caractères',
  'password.mismatch': 'Les mots de passe ne correspondent pas',
  'password.wrong': 'Le mot de passe de récupération est incorrect',
  'recovery.mismatch': 'Le portefeuille récupéré ne correspond pas à ce compte',
  'error.generic': 'Une erreur s’est produite : veuillez réessayer',
}
