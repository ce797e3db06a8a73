import type { matchingMessages as english } from '@/i18n/matchingMessages';

/** La carte « Correspondance des phrases » de la page Paramètres. */
export const matchingMessages: typeof english = {
  title: 'Correspondance des phrases',
  description:
    "À quel point la phrase d'un client doit se rapprocher d'une objection ou d'une FAQ pour que l'assistant l'affiche. Chaque modèle d'embedding note sur sa propre échelle : le seuil est donc calibré à partir du dictionnaire lui-même.",
  loading: 'Chargement des paramètres de correspondance...',
  loadFailed: 'Échec du chargement des paramètres de correspondance',
  retry: 'Réessayer',
  stale:
    "Ces valeurs sont peut-être périmées : la dernière actualisation a échoué. L'enregistrement reste désactivé jusqu'à une actualisation réussie.",
  model: "Modèle d'embedding : %{model}",
  current: {
    calibrated: 'Seuil : %{percent}, calibré à partir du dictionnaire le %{date}',
    calibratedUndated: 'Seuil : %{percent}, calibré à partir du dictionnaire',
    admin: 'Seuil : %{percent}, fixé par un administrateur',
    default: 'Seuil : %{percent}, la valeur par défaut du modèle',
  },
  calibratedThreshold: 'Le seuil calibré est de %{percent}.',
  calibrationSize: 'Calibré sur %{texts} textes de %{items} éléments.',
  margin: "Une objection ou une FAQ ne se déclenche que si elle devance aussi l'élément suivant d'au moins %{points} points.",
  pending: 'La calibration attend %{smart_count} embedding en attente. |||| La calibration attend %{smart_count} embeddings en attente.',
  candidate: 'Seuil à essayer',
  candidateField: 'Seuil (%)',
  candidateHelper: 'Entre %{min} et %{max}',
  whatIf: {
    title: 'Simulation',
    candidate:
      'À %{percent} : %{own} des textes du dictionnaire déclencheraient leur propre élément une fois mis de côté ; %{other} déclencheraient un autre élément.',
    current:
      'Actuellement, à %{percent} : %{own} des textes du dictionnaire déclencheraient leur propre élément une fois mis de côté ; %{other} déclencheraient un autre élément.',
    noSample: "L'effet d'un autre seuil s'affiche une fois le dictionnaire calibré.",
  },
  save: 'Enregistrer le seuil',
  saving: 'Enregistrement...',
  saved: 'Seuil enregistré',
  saveFailed: "Échec de l'enregistrement du seuil",
  useCalibrated: 'Utiliser le seuil calibré',
  usingCalibrated: "Le seuil calibré s'applique de nouveau",
  useCalibratedFailed: 'Échec du retour au seuil calibré',
  recalibrate: 'Recalibrer',
  recalibrating: 'Recalibration...',
  recalibrated: 'Seuil recalibré à partir du dictionnaire',
  recalibrateFailed: 'Échec de la recalibration du seuil',
  // les paramètres plus récents à côté du seuil essayé, après un conflit de version
  theirs: 'Enregistré par quelqu’un d’autre : %{percent}, %{source}',
  sources: {
    calibrated: 'calibré à partir du dictionnaire',
    admin: 'fixé par un administrateur',
    default: 'la valeur par défaut du modèle',
  },
  labels: {
    used: 'Calibré sur %{smart_count} phrase annotée de %{calls} appels. |||| Calibré sur %{smart_count} phrases annotées de %{calls} appels.',
    notYet:
      'Calibré sur les textes du dictionnaire : les phrases annotées prennent le relais à partir de %{labels} annotations de %{calls} appels (%{now} de %{nowCalls} appels pour le moment).',
    candidate:
      'À %{percent}, sur les %{smart_count} phrases annotées : %{right} sur %{withItem} qui nomment un élément le déclenchent, %{wrong} déclenchent un mauvais élément, %{nothing} sur %{nothingPhrases} qui ne doivent rien déclencher déclenchent.',
    current:
      'Actuellement, à %{percent}, sur les %{smart_count} phrases annotées : %{right} sur %{withItem} qui nomment un élément le déclenchent, %{wrong} déclenchent un mauvais élément, %{nothing} sur %{nothingPhrases} qui ne doivent rien déclencher déclenchent.',
    none: "Aucune phrase annotée dans le dernier calibrage : marquez des détections justes ou erronées sur la chronologie d'un appel, puis Recalibrez.",
    since:
      '%{smart_count} phrase annotée depuis le dernier calibrage : Recalibrez pour la compter. |||| %{smart_count} phrases annotées depuis le dernier calibrage : Recalibrez pour les compter.',
  },
  tryPhrase: {
    label: { customer: 'Essayer ce que dit un client à ce seuil', salesperson: 'Essayer ce que dit un commercial à ce seuil' },
    fires: 'À %{percent} : déclenche « %{item} » (%{score}).',
    silent: 'À %{percent} : ne déclenche rien ; le plus proche est « %{item} » (%{score}).',
    nothingClose: "À %{percent} : ne déclenche rien ; aucun élément ne s'en approche.",
  },
  landmines: {
    title: 'Sujets sensibles',
    current: {
      calibrated: 'Seuil des sujets sensibles : %{percent}, calibré pour le rappel sur les textes des sujets sensibles',
      admin: 'Seuil des sujets sensibles : %{percent}, fixé par un administrateur',
      default: 'Seuil des sujets sensibles : %{percent}, la valeur par défaut du modèle',
    },
    calibratedThreshold: 'Le seuil calibré des sujets sensibles est de %{percent}.',
    rule: "Ce que dit le commercial déclenche le sujet sensible le plus proche à partir de ce seuil, sans marge, sauf si l'une de ses formulations autorisées est plus proche : un manquement non signalé coûte plus cher qu'une fausse alerte.",
    candidate: 'Seuil des sujets sensibles à essayer',
    candidateField: 'Seuil des sujets sensibles (%)',
    whatIf: {
      candidate: 'À %{percent} : %{own} des formulations propres aux sujets sensibles déclencheraient leur sujet une fois mises de côté.',
      current:
        'Actuellement, à %{percent} : %{own} des formulations propres aux sujets sensibles déclencheraient leur sujet une fois mises de côté.',
      noSample: "L'effet d'un autre seuil des sujets sensibles s'affiche une fois le dictionnaire calibré.",
    },
    save: 'Enregistrer le seuil des sujets sensibles',
    saved: 'Seuil des sujets sensibles enregistré',
    saveFailed: "Échec de l'enregistrement du seuil des sujets sensibles",
    useCalibrated: 'Utiliser le seuil calibré des sujets sensibles',
    usingCalibrated: "Le seuil calibré des sujets sensibles s'applique de nouveau",
    useCalibratedFailed: 'Échec du retour au seuil calibré des sujets sensibles',
  },
};
