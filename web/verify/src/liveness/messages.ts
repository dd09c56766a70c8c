/** The liveness step's words (English, Welsh and Spanish), kept beside the step; the language is the page's <html lang>. */
export type LiveChallenge = 'turn_left' | 'turn_right' | 'look_up' | 'blink' | 'smile';

const en = {
  help: 'We check that you are here in person: the camera films you for about 15 seconds while we ask you to do a few simple things, such as turning your head, looking up, blinking or smiling. Keep your face in the frame and follow the words on the screen.',
  start: 'Start the camera check',
  again: 'Try again',
  starting: 'Opening the camera…',
  look: 'Look straight at the camera',
  prompt: { turn_left: 'Slowly turn your head to your left', turn_right: 'Slowly turn your head to your right', look_up: 'Look up towards the ceiling', blink: 'Close your eyes for a second, then open them', smile: 'Smile' } as Record<LiveChallenge, string>,
  back: 'Now look straight at the camera again',
  checking: 'Checking the recording…',
  passed: 'Thank you. The check is done.',
  failed: 'We could not confirm that you are here in person.',
  failedHint: 'Find good light, keep your whole face in the frame, and follow each instruction while it is on the screen.',
  virtual: (label: string) => `This camera looks like a virtual camera (${label}). Please use your device's own camera: virtual cameras cannot be used for this check.`,
  noCamera: 'We cannot use a camera on this device. Continue on your phone: scan the code with it, or open the link on it.',
  qr: 'QR code to open this page on your phone',
  link: 'Link to open on your phone',
  retryCamera: 'Try the camera again',
  preview: 'Camera preview',
  reason: {
    LIVENESS_CHALLENGE_NOT_MET: 'We did not see each movement we asked for.',
    LIVENESS_WRONG_ACTION: 'We saw a different movement from the one asked.',
    LIVENESS_NO_FACE_IN_FRAME: 'Your face was often out of the frame.',
    LIVENESS_MULTIPLE_FACES: 'Only you should be in the frame.',
    LIVENESS_NOT_FRONTAL_AT_START: 'Look straight at the camera at the start, with your eyes open.',
    LIVENESS_SESSION_EXPIRED: 'The recording took too long.',
    LIVENESS_TOO_FEW_FRAMES: 'The recording was too short, or the connection too slow.',
    LIVENESS_FRAME_GAP: 'The connection paused during the recording.',
    LIVENESS_VIRTUAL_CAMERA: 'A virtual camera cannot be used.',
  } as Record<string, string>,
};
export type LiveMessages = typeof en;

const es: LiveMessages = {
  help: 'Comprobamos que está aquí en persona: la cámara le graba unos 15 segundos mientras le pedimos algunos gestos sencillos, como girar la cabeza, mirar arriba, parpadear o sonreír. Mantenga la cara en el encuadre y siga las indicaciones de la pantalla.',
  start: 'Empezar la comprobación con la cámara',
  again: 'Intentarlo de nuevo',
  starting: 'Abriendo la cámara…',
  look: 'Mire directamente a la cámara',
  prompt: { turn_left: 'Gire despacio la cabeza hacia su izquierda', turn_right: 'Gire despacio la cabeza hacia su derecha', look_up: 'Mire hacia el techo', blink: 'Cierre los ojos un segundo y ábralos', smile: 'Sonría' },
  back: 'Ahora vuelva a mirar a la cámara',
  checking: 'Comprobando la grabación…',
  passed: 'Gracias. La comprobación ha terminado.',
  failed: 'No hemos podido confirmar que está aquí en persona.',
  failedHint: 'Busque buena luz, mantenga toda la cara en el encuadre y siga cada indicación mientras está en la pantalla.',
  virtual: (label) => `Esta cámara parece una cámara virtual (${label}). Use la cámara de su dispositivo: las cámaras virtuales no sirven para esta comprobación.`,
  noCamera: 'No podemos usar una cámara en este dispositivo. Continúe en su teléfono: escanee el código o abra el enlace en él.',
  qr: 'Código QR para abrir esta página en su teléfono',
  link: 'Enlace para abrir en su teléfono',
  retryCamera: 'Probar la cámara de nuevo',
  preview: 'Vista de la cámara',
  reason: {
    LIVENESS_CHALLENGE_NOT_MET: 'No vimos cada gesto que le pedimos.',
    LIVENESS_WRONG_ACTION: 'Vimos un gesto distinto del pedido.',
    LIVENESS_NO_FACE_IN_FRAME: 'Su cara salió a menudo del encuadre.',
    LIVENESS_MULTIPLE_FACES: 'Solo usted debe aparecer en el encuadre.',
    LIVENESS_NOT_FRONTAL_AT_START: 'Mire a la cámara al empezar, con los ojos abiertos.',
    LIVENESS_SESSION_EXPIRED: 'La grabación tardó demasiado.',
    LIVENESS_TOO_FEW_FRAMES: 'La grabación fue demasiado corta o la conexión demasiado lenta.',
    LIVENESS_FRAME_GAP: 'La conexión se detuvo durante la grabación.',
    LIVENESS_VIRTUAL_CAMERA: 'No se puede usar una cámara virtual.',
  },
};

const cy: LiveMessages = {
  help: 'Rydym yn gwirio eich bod chi yma yn bersonol: mae’r camera yn eich ffilmio am tua 15 eiliad tra byddwn yn gofyn i chi wneud ychydig o bethau syml, fel troi eich pen, edrych i fyny, blincio neu wenu. Cadwch eich wyneb yn y ffrâm a dilynwch y geiriau ar y sgrin.',
  start: 'Dechrau’r gwiriad camera',
  again: 'Rhoi cynnig arall arni',
  starting: 'Yn agor y camera…',
  look: 'Edrychwch yn syth ar y camera',
  prompt: { turn_left: 'Trowch eich pen yn araf i’r chwith', turn_right: 'Trowch eich pen yn araf i’r dde', look_up: 'Edrychwch i fyny tuag at y nenfwd', blink: 'Caewch eich llygaid am eiliad, yna agorwch nhw', smile: 'Gwenwch' },
  back: 'Nawr edrychwch yn syth ar y camera eto',
  checking: 'Yn gwirio’r recordiad…',
  passed: 'Diolch. Mae’r gwiriad wedi’i wneud.',
  failed: 'Ni allem gadarnhau eich bod chi yma yn bersonol.',
  failedHint: 'Dewch o hyd i olau da, cadwch eich wyneb cyfan yn y ffrâm, a dilynwch bob cyfarwyddyd tra bydd ar y sgrin.',
  virtual: (label) => `Mae’r camera hwn yn edrych fel camera rhithwir (${label}). Defnyddiwch gamera eich dyfais ei hun: ni ellir defnyddio camerâu rhithwir ar gyfer y gwiriad hwn.`,
  noCamera: 'Ni allwn ddefnyddio camera ar y ddyfais hon. Parhewch ar eich ffôn: sganiwch y cod gydag ef, neu agorwch y ddolen arno.',
  qr: 'Cod QR i agor y dudalen hon ar eich ffôn',
  link: 'Dolen i’w hagor ar eich ffôn',
  retryCamera: 'Rhoi cynnig ar y camera eto',
  preview: 'Rhagolwg y camera',
  reason: {
    LIVENESS_CHALLENGE_NOT_MET: 'Ni welsom bob symudiad y gofynnwyd amdano.',
    LIVENESS_WRONG_ACTION: 'Gwelsom symudiad gwahanol i’r un y gofynnwyd amdano.',
    LIVENESS_NO_FACE_IN_FRAME: 'Roedd eich wyneb yn aml allan o’r ffrâm.',
    LIVENESS_MULTIPLE_FACES: 'Dim ond chi ddylai fod yn y ffrâm.',
    LIVENESS_NOT_FRONTAL_AT_START: 'Edrychwch yn syth ar y camera ar y dechrau, gyda’ch llygaid ar agor.',
    LIVENESS_SESSION_EXPIRED: 'Cymerodd y recordiad ormod o amser.',
    LIVENESS_TOO_FEW_FRAMES: 'Roedd y recordiad yn rhy fyr, neu’r cysylltiad yn rhy araf.',
    LIVENESS_FRAME_GAP: 'Oedodd y cysylltiad yn ystod y recordiad.',
    LIVENESS_VIRTUAL_CAMERA: 'Ni ellir defnyddio camera rhithwir.',
  },
};

/** Every language of the step, by the page's language code (the completeness test reads it). */
export const LIVE_MESSAGES: Record<string, LiveMessages> = { en, cy, es };
const SPEECH: Record<string, string> = { en: 'en-GB', cy: 'cy-GB', es: 'es-ES' };

export const liveMessages = (): LiveMessages => LIVE_MESSAGES[document.documentElement.lang] ?? en;
export const speechLang = (): string => SPEECH[document.documentElement.lang] ?? 'en-GB';
