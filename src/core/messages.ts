/**
 * Every user-facing string of the product, in Spanish, in one place, addressing the user as usted (DESIGN.md);
 * the spec's two literal strings in the familiar form ('Usa dos dedos…', 'PULSA PARA INICIAR A DIBUJAR') are
 * kept verbatim (tests/core/voice.test.ts). The spec's English strings
 * come from an untranslated third-party plugin; their Spanish replacements live here. Console texts the spec
 * quotes literally (spec, error catalogue) are kept as given so logs match the original.
 */
export const MESSAGES = {
  operation: { sale: 'Venta', rental: 'Alquiler' },
  map: {
    twoFingers: 'Usa dos dedos para mover y hacer zoom en el mapa.',
    reset: 'Reiniciar Mapa',
    searchHere: 'Buscar inmuebles en esta zona',
    noMaxZoom: 'Map has no maxZoom specified',
    missingPosition: 'El mapa necesita una posición (latitud y longitud).',
    missingMapId: 'El mapa necesita un identificador (mapId).',
    missingZoom: 'El mapa necesita un nivel de zoom.',
    webglLost: 'El mapa perdió el contexto gráfico. Intentando recuperarlo…',
  },
  locate: {
    title: 'Ubicación actual',
    // Spanish for the plugin's 'Show me where I am'.
    showMe: 'Muéstreme dónde estoy',
    // Spanish for 'You are within {distance} {unit} from this point'.
    within: 'Está a {distance} {unit} de este punto',
    // Spanish for 'You seem located outside the boundaries of the map'.
    outside: 'Parece que está fuera de los límites del mapa',
    errorLog: 'Location error:',
    denied: 'No se permitió acceder a su ubicación.',
    unavailable: 'No se pudo determinar su ubicación.',
    timeout: 'Se agotó el tiempo para obtener su ubicación.',
    unsupported: 'Este navegador no permite obtener la ubicación.',
  },
  search: {
    placeholder: 'Ciudad',
    pickerPlaceholder: 'Ubicación - Ingresar urbanización o ciudad.',
    clear: 'Borrar',
    noResults: 'Datos no encontrados',
    loading: 'Buscando…',
    label: 'Buscar lugar',
    addressLabel: 'Buscar dirección',
  },
  card: {
    code: 'Código',
    rooms: 'hab',
    baths: 'baños',
    parking: 'est',
    squareMetres: 'm²',
    perMonth: '/mes',
    close: 'Cerrar',
    open: 'Ver inmueble',
    photoMissing: 'Foto no disponible',
  },
  drawing: {
    polygon: 'DIBUJAR AREA',
    circle: 'SELECCIONAR AREA',
    start: 'PULSA PARA INICIAR A DIBUJAR',
    addPoints: 'AGREGAR MAS PUNTOS',
    closeArea: 'HAGA CLIC EN EL PRIMER PUNTO PARA CERRAR EL ÁREA',
    distance: 'Distancia: {meters} m',
    removeCircle: 'X',
    removeCircleLabel: 'Eliminar el círculo',
    undoPoint: 'Deshacer punto',
    undoPointTitle: 'Quitar el último punto (Ctrl+Z)',
    restore: 'Deshacer',
    restoreTitle: 'Recuperar el área borrada (Ctrl+Z)',
    areaDeleted: 'Se borró el área. Pulse «Deshacer» para recuperarla.',
    control: 'Dibujo de zonas',
    canvas: 'Mapa de dibujo: flechas para mover, + y − para acercar o alejar',
    drawingNow: 'Dibujando: haga clic en el mapa para agregar puntos; Escape cancela.',
    crossing: 'El área no puede cruzarse consigo misma. Vuelva a dibujarla.',
    vertexKept: 'El área necesita al menos {min} puntos: este punto no se puede borrar.',
    badShape: 'La forma guardada no es válida: {detail}',
    notJson: 'el texto no es JSON.',
    notList: 'se esperaba una lista de puntos [lat, lng] o un círculo [lat, lng, radio].',
    badCentre: 'el centro del círculo no es una coordenada válida.',
    badRadius: 'el radio debe ser un número de metros entre 1 y 1.000.000.',
    circleOffMap: 'el círculo se sale del mapa (pasa de la latitud 85° o de la longitud 180°).',
    antimeridian: 'el área cruza la longitud 180°; dibújela a un lado de ese meridiano.',
    badPoint: 'el punto {n} no es una coordenada [lat, lng] válida.',
    fewPoints: 'un área necesita al menos 3 puntos distintos.',
    tooManyPoints: 'tiene demasiados puntos (máximo 5.000).',
  },
  detail: {
    backToProperty: 'Volver al inmueble',
  },
  picker: {
    addressNotFound: 'No se pudo encontrar la dirección de este punto.',
    locationLabel: 'Ubicación del inmueble',
    searchPlaceholder: 'Ubicación - Ingresar urbanización o ciudad.',
    searching: 'Buscando la dirección…',
    noLocation: 'Haga clic en el mapa para ubicar el inmueble.',
    useMyLocation: 'Usar mi ubicación para el inmueble',
  },
  errors: {
    loadData: 'No se pudieron cargar los datos. Intente de nuevo.',
    forwardGeocoding: 'Error en forward geocoding:',
    reverseGeocoding: 'Error en reverse geocoding:',
    paneWithoutMap: 'No se puede mostrar el pane: state.map es null o undefined',
    httpStatus: 'Request failed with status code {n}',
    network: 'Network Error',
    aborted: 'Request aborted',
    timeout: 'timeout of {n}ms exceeded',
    /** A demo page threw while rendering: the shell stays usable. */
    pageCrashed: 'Esta vista tuvo un error y se detuvo. Pruebe con otra vista o recargue la página.',
    retry: 'Reintentar',
  },
  /** Agency, franchise, agent and property circle map (issue 6). */
  agencyMap: {
    badColor: 'Color no válido; se usa el predeterminado para',
    modes: {
      franquicia: 'Franquicia',
      inmobiliaria: 'Inmobiliaria',
      agente: 'Agente',
      inmuebles: 'Inmuebles',
    },
    loadingAgency: 'Cargando los inmuebles de la inmobiliaria…',
    noMatch: 'Ningún inmueble coincide con el trimestre y el color elegidos.',
    noProperties: 'No hay inmuebles para mostrar en este mapa.',
    problems: 'registros omitidos por datos inválidos',
    phoneMobile: 'Móvil',
    phoneFixed: 'Fijo',
    quarter: 'Trimestre',
    color: 'Color',
    all: 'Todos',
    mode: 'Modo',
  },
  /** A cluster that zooming cannot split, listed. */
  stack: {
    listings: '{n} inmuebles en este punto',
    transactions: '{n} transacciones en este punto',
    more: 'y {n} más en este punto',
  },
  /** Search map demo: what 'Buscar inmuebles en esta zona' found. */
  searchDemo: {
    found: '{n} inmuebles en la zona',
  },
  /** Drawing map demo (issue 7). */
  drawingDemo: {
    section: 'Mapa de dibujo de zonas',
    result: 'Forma guardada',
    noShape: 'Sin área: dibuje un polígono o seleccione un círculo.',
    counting: 'Contando inmuebles…',
    inside: '{inside} inmuebles de la demostración dentro del área ({sale} en venta, {rental} en alquiler).',
    loadFailed: 'No se pudieron cargar los inmuebles para contar.',
    actions: 'Acciones externas',
    loadPolygon: 'cargarForma: polígono guardado',
    loadCircle: 'cargarForma: círculo guardado',
    loadBad: 'cargarForma: forma inválida',
    loadText: 'cargarForma: texto',
    textLabel: 'Forma guardada (JSON)',
    remove: 'eliminarForma',
    clear: 'Bandera clear (quita todo)',
  },
  /** Location picker and detail map demos (issue 7). */
  pickerDemo: {
    chosen: 'Ubicación elegida:',
    lookingUp: 'buscando la dirección…',
    startsLabel: 'Inicios de la demostración',
    withoutPosition: 'Sin ubicación inicial',
    withPosition: 'Con ubicación inicial',
    withDescription: 'Con ubicación y descripción',
    sampleDescription: 'Apartamento en Los Palos Grandes',
    pickerSection: 'Selector de ubicación v{version}',
    detailSection: 'Mapa de detalle del inmueble',
    withSearch: 'Con buscador',
    withoutSearch: 'Sin buscador',
    property: 'Inmueble en {coords}',
  },
  /** National transactions explorer (issue 5): controls, status, legend and chart. */
  explorer: {
    region: 'Mapa de transacciones',
    filters: 'Filtros de transacciones',
    fold: 'Filtros',
    loading: 'Cargando transacciones',
    loadingStatus: 'Cargando transacciones…',
    quarters: 'Trimestres',
    timeline: 'Línea de tiempo',
    allQuarters: 'Todos los trimestres',
    /** Beside the slider, where space is short (its accessible value says allQuarters). */
    timelineAll: 'Todos',
    play: 'Reproducir',
    pause: 'Pausa',
    color: 'Color',
    allColors: 'Todos',
    operation: 'Operación',
    allOperations: 'Todas',
    count: '{matching} de {total} transacciones',
    rejected: '{n} filas descartadas por coordenadas, códigos o precios inválidos',
    unknownFilter: 'El enlace pedía valores que estos datos no tienen y se ignoraron: {labels}.',
    side: 'Leyenda y gráfico',
    clusterSale: 'Grupo con más ventas',
    clusterRental: 'Grupo con más alquileres',
    chartCaption: 'Transacciones por trimestre en la vista',
  },
  /** Quarter and colour dictionaries of a data table (VEPT files, tables handed to the engine; issue 21 §3). */
  table: {
    tooManyQuarters: 'tiene {n} trimestres distintos (máximo {max})',
    tooManyColors: 'tiene {n} colores distintos (máximo {max})',
    labelTooLong: 'una etiqueta de {kind} tiene {n} caracteres (máximo {max})',
    quarterKind: 'trimestre',
    colorKind: 'color',
    dictionaryTooBig: 'diccionarios demasiado grandes ({n} bytes, máximo {max})',
  },
} as const;

/**
 * Fills `{name}` placeholders from `values`; unknown placeholders stay as written so a missing value is
 * visible rather than silently empty.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined; // never inherited keys
    return value === undefined ? whole : String(value);
  });
}
