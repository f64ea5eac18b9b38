import type { Catalog } from '../i18n.js'

/** French: the frame's screens, written for Latch. */
export const messages: Catalog = {
  'notice.title': 'Connexion Latch',
  'notice.notFramed': 'Cette page ne fonctionne que dans l’application qui l’a ouverte.',
  'notice.insecure': 'La fenêtre de connexion a besoin d’une connexion sécurisée (https).',
  'notice.notAllowed': 'Cette application n’est pas autorisée à utiliser cette connexion.',
  'notice.noOpener': 'Cette fenêtre ne fonctionne que lorsqu’une application l’ouvre.',
  'notice.noStorage':
    'Ce navigateur ne donne ici aucun stockage au portefeuille (le stockage tiers est bloqué) : la connexion n’a pas pu être conservée. Continuez dans la fenêtre du portefeuille, ou autorisez les données de sites tiers pour cette app dans les réglages du navigateur et rechargez la page.',
  'window.wallet':
    'Votre portefeuille pour {origin} s’exécute dans cette fenêtre, où ce navigateur garde la connexion. Laissez la fenêtre ouverte pendant que vous utilisez l’application ; la fermer déconnecte l’application, et la connexion reste ici pour la prochaine fois.',
  'password.setupTitle': 'Définissez un mot de passe de récupération',
  'password.recoverTitle': 'Saisissez votre mot de passe de récupération',
  'password.setupHelp':
    'Votre portefeuille est divisé en plusieurs parts. Ce mot de passe protège la part qui vous permet de vous connecter sur un nouvel appareil. Il ne quitte jamais cette fenêtre et ne peut pas être réinitialisé : sans lui, un nouvel appareil ne peut pas ouvrir votre portefeuille. Au moins {min} caractères.',
  'password.recoverHelp':
    'Ceci est un nouvel appareil : le mot de passe défini à la création de votre portefeuille l’ouvre ici.',
  'password.backupTitle': 'Définir aussi un mot de passe de récupération ?',
  'password.backupHelp':
    'Pour un appareil sans cette clé d’accès : ce mot de passe y ouvre votre portefeuille. Il ne quitte jamais cette fenêtre et ne peut pas être réinitialisé. Au moins {min} caractères.',
  'password.skip': 'Passer : la clé d’accès seule',
  'password.label': 'Mot de passe de récupération',
  'password.repeat': 'Répétez le mot de passe',
  'password.create': 'Créer le portefeuille',
  'password.recover': 'Récupérer le portefeuille',
  'password.creating': 'Création…',
  'password.opening': 'Ouverture…',
  'password.tooShort': 'Le mot de passe doit contenir au moins {min} caractères',
  'password.mismatch': 'Les mots de passe ne correspondent pas',
  'password.weak':
    'Ce mot de passe est trop facile à deviner. Choisissez-en un plus long : quatre mots sans rapport ou plus conviennent bien.',
  'passkey.setupTitle': 'Protégez votre portefeuille avec une clé d’accès',
  'passkey.setupHelp':
    'Votre portefeuille est divisé en plusieurs parts. Une clé d’accès sur cet appareil (ou synchronisée avec vos autres appareils) protège la part qui vous permet de vous connecter sur un nouvel appareil. Rien de ce qui l’ouvre ne quitte cette fenêtre.',
  'passkey.create': 'Créer une clé d’accès',
  'passkey.usePassword': 'Utiliser plutôt un mot de passe de récupération',
  'passkey.recoverTitle': 'Utilisez votre clé d’accès',
  'passkey.recoverHelp':
    'Ceci est un nouvel appareil : la clé d’accès créée avec votre portefeuille l’ouvre ici.',
  'passkey.use': 'Utiliser la clé d’accès',
  'passkey.waiting': 'En attente de la clé d’accès…',
  'passkey.cancelled':
    'La clé d’accès n’a pas été utilisée. Réessayez ou choisissez le mot de passe de récupération.',
  'passkey.noPrf':
    'Cette clé d’accès ne peut pas protéger un portefeuille (elle ne prend pas en charge PRF). Choisissez le mot de passe de récupération.',
  'passkey.lostTitle': 'Cet appareil ne peut pas ouvrir votre portefeuille sans sa clé d’accès',
  'passkey.lostHelp':
    'La clé d’accès n’a pas été utilisée, donc cet appareil ne peut pas ouvrir votre portefeuille : la partie qui l’ouvre sur un nouvel appareil est verrouillée par la clé d’accès créée avec lui, et personne d’autre ne peut la déverrouiller, ni l’app ni son serveur. Connectez-vous sur un appareil qui a cette clé d’accès : celui où vous avez créé le portefeuille, un appareil avec lequel vos clés d’accès se synchronisent, ou votre clé de sécurité. Si vous avez annulé par erreur, réessayez.',
  'passkey.lostHelpPassword':
    'La clé d’accès n’a pas été utilisée ici. Vous avez aussi défini un mot de passe de récupération pour ce portefeuille : il l’ouvre sur cet appareil. Ou connectez-vous sur un appareil qui a la clé d’accès, ou réessayez.',
  'passkey.tryAgain': 'Réessayer la clé d’accès',
  'passkey.helpLink': 'Où sont mes clés d’accès ? (ouvre un nouvel onglet)',
  'passkey.wrong': 'Cette clé d’accès n’ouvre pas ce portefeuille. Utilisez la clé d’accès créée avec lui.',
  'password.wrong': 'Le mot de passe de récupération est incorrect',
  'recovery.mismatch': 'Le portefeuille récupéré ne correspond pas à ce compte',
  'error.generic': 'Une erreur s’est produite : veuillez réessayer',
  'approve.title.message': 'Signer un message',
  'approve.title.typedData': 'Signer des données typées',
  'approve.title.transaction': 'Envoyer une transaction',
  'approve.title.solanaTransaction': 'Envoyer une transaction Solana',
  'approve.title.solanaSign': 'Signer une transaction Solana (le site l’envoie)',
  'approve.feePayer': 'Frais de réseau payés par',
  'approve.title.userOperation': 'Envoyer depuis votre compte intelligent',
  'approve.fromSmartAccount': 'Compte intelligent',
  'approve.callNumber': 'Appel {index} sur {count}',
  'approve.paidByApp': 'L’application (sponsorisé)',
  'approve.createsAccount': 'Crée votre compte intelligent sur cette chaîne (première utilisation)',
  'approve.program': 'Programme appelé',
  'approve.lookupTables':
    'Cette transaction utilise aussi {count} comptes de tables de recherche d’adresses ; ils ne sont pas affichés ici.',
  'approve.origin': 'Demandé par',
  'approve.originHelp': 'C’est le site qui intègre ce portefeuille, tel que votre navigateur le signale.',
  'approve.dappClaim': 'Le site se présente comme « {name} » (non vérifié)',
  'approve.message': 'Message',
  'approve.messageHex': 'Message (pas du texte, affiché en hexadécimal)',
  'approve.domain': 'Domaine',
  'approve.contract': 'Contrat',
  'approve.domainChain': 'Chaîne du domaine',
  'approve.primaryType': 'Type',
  'approve.chainMismatch':
    'Attention : cette signature est pour la chaîne {domain}, mais le portefeuille est sur la chaîne {current}.',
  'approve.permit': 'Autorisation de dépenser des jetons ({kind})',
  'approve.riskUnlimited':
    'Risque élevé : cela permet à {spender} de prendre tout ce jeton que vous détenez, maintenant et plus tard, sans redemander.',
  'approve.riskAllItems':
    'Risque élevé : cela permet à {operator} de prendre chaque objet de cette collection que vous détenez, maintenant et plus tard, sans redemander.',
  'approve.riskUnknownPermit':
    'Risque élevé : cela ressemble à une autorisation sur vos actifs, d’un type que ce portefeuille ne sait pas résumer. Vérifiez chaque champ ci-dessous.',
  'approve.unknownCall':
    'Ce portefeuille ne peut pas décoder cet appel (fonction inconnue {selector}). N’approuvez que si vous faites confiance au site : les données brutes sont ci-dessous.',
  'approve.irregularCall':
    'Les arguments de cet appel ne suivent pas l’encodage standard : un contrat pourrait les lire autrement. Les données brutes sont ci-dessous.',
  'approve.trailing': 'L’appel porte {count} octets en trop après ses arguments (affichés ci-dessous).',
  'approve.trailingBytes': 'Octets en trop',
  'approve.rawData': 'Données brutes (exactement ce qui est signé)',
  'approve.rawAmount': '{amount} (unités brutes : les décimales du jeton n’ont pas pu être lues)',
  'approve.nativeOf': '{amount} (monnaie native de la chaîne {chain})',
  'approve.fields': 'Tout ce qui est signé',
  'approve.seaportListing':
    'Mise en vente (Seaport) : les objets que vous cédez, contre les paiements ci-dessous',
  'approve.seaportOffer':
    'Offre d’achat (Seaport) : le paiement que vous cédez, contre les objets ci-dessous',
  'approve.youGive': 'Vous cédez',
  'approve.inReturn': 'Payé en retour (à)',
  'approve.hiddenCharacters':
    'Ce texte contient des caractères invisibles ou qui changent le sens de lecture, affichés ici comme ⟨U+…⟩ : il peut se lire autrement qu’il n’est signé.',
  'approve.foreignSignIn':
    'Ce message de connexion est pour {domain}, pas pour le site qui le demande ({origin}).',
  'approve.spender': 'Bénéficiaire de l’autorisation',
  'approve.token': 'Jeton',
  'approve.amount': 'Montant',
  'approve.unlimited': 'Illimité',
  'approve.deadline': 'Valable jusqu’au',
  'approve.noDeadline': 'Sans échéance',
  'approve.to': 'Destinataire',
  'approve.contractCreation': 'Nouveau contrat',
  'approve.value': 'Valeur',
  'approve.selector': 'Appel',
  'approve.chain': 'Chaîne',
  'approve.nonce': 'Nonce',
  'approve.gas': 'Limite de gas',
  'approve.networkFee': 'Frais de réseau',
  'approve.atMost': '≤ {amount}',
  'approve.withFiat': '{amount} (≤ {fiat})',
  'approve.cannotPay':
    'Votre solde ({balance}) ne suffit pas pour cette transaction : elle demande jusqu’à {needed}, le montant plus les frais de réseau maximaux. Le réseau la refuserait, elle ne peut donc pas être approuvée. Approvisionnez ce compte, puis refaites la demande.',
  'approve.from': 'Compte',
  'approve.approve': 'Approuver',
  'approve.reject': 'Refuser',
  'approve.working': 'Signature…',
  'approve.unreachable': 'Le serveur du portefeuille est injoignable',
  'approve.unreachableHelp':
    'Rien n’a été signé ni envoyé. Vérifiez votre connexion et appuyez sur Réessayer, ou sur Fermer pour annuler la demande.',
  'approve.retry': 'Réessayer',
  'approve.close': 'Fermer',
  'approve.openWindow': 'Vérifier dans la fenêtre du portefeuille',
  'approve.windowHelp':
    'Ce navigateur ne peut pas indiquer au portefeuille si la page recouvre cet écran : vous décidez donc dans la fenêtre propre du portefeuille, sur {origin}.',
  'approve.windowWaiting': 'Approuvez ou refusez dans la fenêtre du portefeuille.',
  'approve.windowTitle': 'Portefeuille Latch',
  'approve.windowDone': 'C’est fait. Vous pouvez fermer cette fenêtre.',
  'approve.windowGone': 'Cette demande n’attend plus. Vous pouvez fermer cette fenêtre.',
  'export.title': 'Exporter votre portefeuille',
  'export.help':
    'Votre phrase de récupération et vos clés privées s’affichent dans une fenêtre distincte de {origin}, après un code que nous envoyons à {email}. Quiconque les voit contrôle votre portefeuille.',
  'export.open': 'Ouvrir la fenêtre d’export',
  'export.cancel': 'Annuler',
  'export.blocked':
    'La fenêtre ne s’est pas ouverte : autorisez les fenêtres pop-up pour ce site et réessayez.',
  'guard.hint':
    'Pour votre sécurité, les boutons ici fonctionnent une fois cet écran affiché depuis un instant.',
  'guard.wait': 'Disponible dans un instant, pour votre sécurité',
  'window.title': 'Exporter votre portefeuille',
  'window.notTopLevel': 'Cette page ne fonctionne que dans sa propre fenêtre.',
  'window.noLogin':
    'Aucun portefeuille n’a été transmis à cette fenêtre : elle ne fonctionne que si le portefeuille de l’app l’ouvre. Dans l’app, connectez-vous, ouvrez votre compte, choisissez « Exporter le portefeuille », puis « Ouvrir la fenêtre d’export ».',
  'window.intro':
    'Connecté en tant que {email}. Nous envoyons un code à cette adresse ; votre phrase de récupération et vos clés privées s’affichent ici une fois le code saisi. Nous vous prévenons aussi par e-mail quand elles ont été affichées.',
  'window.sendCode': 'Envoyer le code',
  'window.sending': 'Envoi…',
  'window.codeSent': 'Nous avons envoyé un code à {email}.',
  'window.codeLabel': 'Code reçu par e-mail',
  'window.codeFormat': 'Le code comporte 6 chiffres',
  'window.reveal': 'Afficher la phrase de récupération et les clés',
  'window.revealing': 'Ouverture…',
  'window.warning':
    'Quiconque voit ceci contrôle votre portefeuille. Notez la phrase hors ligne ; ne la saisissez jamais sur un site web et ne la partagez pas.',
  'window.phrase': 'Phrase de récupération',
  'window.evmKey': 'Clé privée Ethereum ({address})',
  'window.solanaKey': 'Clé privée Solana ({address})',
  'window.close': 'Masquer et fermer',
  'window.closed': 'Masqué. Vous pouvez fermer cette fenêtre.',
  'recoveryNotice.recoveredTitle': 'Votre portefeuille a été ouvert sur un nouvel appareil',
  'recoveryNotice.recoveredText':
    'Un nouvel appareil a récupéré votre portefeuille avec votre e-mail. Si ce n’était pas vous, quelqu’un peut lire vos e-mails : sécurisez votre boîte et contactez l’application.',
  'recoveryNotice.pendingTitle': 'Un nouvel appareil demande à ouvrir votre portefeuille',
  'recoveryNotice.pendingText':
    'Il pourra ouvrir votre portefeuille après {until}. Si ce n’était pas vous, appuyez sur « Ce n’était pas moi » pour l’arrêter.',
  'recoveryNotice.cancelledTitle': 'Un nouvel appareil a été arrêté',
  'recoveryNotice.cancelledText':
    'Un nouvel appareil a demandé à ouvrir votre portefeuille et a été arrêté avec « Ce n’était pas moi ». Il ne peut pas l’ouvrir.',
  'recoveryNotice.time': 'Heure',
  'recoveryNotice.browser': 'Navigateur',
  'recoveryNotice.ip': 'Adresse IP',
  'recoveryNotice.stop': 'Ce n’était pas moi',
  'recoveryNotice.dismiss': 'Ignorer',
  'recoveryNotice.close': 'Fermer',
  'recoveryNotice.tooLate': 'Cette récupération est déjà terminée ou a été arrêtée.',
  'recoveryWait.pendingTitle': 'Votre portefeuille s’ouvrira ici plus tard',
  'recoveryWait.pendingText':
    'Pour votre sécurité, ce nouvel appareil pourra ouvrir votre portefeuille après {until}. Nous avons prévenu le titulaire par e-mail et sur ses autres appareils. Revenez alors et reconnectez-vous.',
  'recoveryWait.cancelledTitle': 'Cet appareil a été arrêté',
  'recoveryWait.cancelledText':
    'Le titulaire de ce portefeuille a appuyé sur « Ce n’était pas moi » : cet appareil ne peut pas l’ouvrir.',
}
