import type { RejectReason, SourceId } from './types.ts';

/**
 * The import's Spanish texts, for the deployer at the command line. Server-side only, so they live beside the
 * importer rather than in src/core/messages.ts, which the browser bundle carries.
 */
export const IMPORT_MESSAGES = {
  reasons: {
    sinNombre: 'sin nombre (o de más de 120 caracteres)',
    marcado: 'nombre con marcado HTML o caracteres de control',
    claveReservada: 'nombre reservado (__proto__, constructor, prototype)',
    coordenadasInvalidas: 'coordenadas ausentes o no numéricas',
    fueraDeVenezuela: 'coordenadas fuera de Venezuela',
    filaIncompleta: 'fila incompleta (¿archivo truncado?)',
    tipoNoUsado: 'tipo de lugar que el geocodificador no usa',
    abandonado: 'lugar abandonado, destruido o histórico',
    areaSinGeometria: 'área o calle sin geometría completa en el archivo',
  } satisfies Record<RejectReason, string>,
  kinds: {
    urbanizacion: 'urbanizaciones',
    sector: 'sectores',
    barrio: 'barrios',
    pueblo: 'pueblos y ciudades',
    calle: 'calles',
  },
  csvHeader:
    'El CSV no tiene las columnas necesarias: hacen falta nombre, latitud y longitud (y conviene tipo, municipio, estado y fuente).',
  unknownFormat:
    'Formato no reconocido: use .csv (lista de la organización), .txt (volcado de GeoNames, p. ej. VE.txt), .geojson/.json, .osm o .osm.pbf.',
  truncatedPbf: 'El archivo PBF está truncado o dañado',
  badXml: 'El archivo OSM (XML) está incompleto o mal formado',
  badJson: 'El archivo GeoJSON no se puede leer',
  failed: (file: string, why: string) =>
    `Importación fallida de ${file}: ${why}. No se cambió nada: el geocodificador sigue sirviendo lo de antes.`,
  title: (file: string, source: SourceId) => `Importación de ${file} (fuente: ${source})`,
  read: (n: number) => `Filas o elementos leídos: ${n}`,
  accepted: (n: number) => `Lugares válidos: ${n}`,
  rejectedTitle: (n: number) => `Descartados: ${n}`,
  added: (n: number) => `Nuevos en el nomenclátor: ${n}`,
  merged: (n: number) => `Fusionados con un lugar ya conocido: ${n}`,
  kept: (n: number) => `  de ellos, el punto de una fuente de mayor prioridad se conservó: ${n}`,
  byKind: 'Por tipo:',
  total: (n: number, file: string) => `Total servido tras la importación: ${n} lugares (${file})`,
  reload: 'El servidor los usa en cuanto detecta el cambio del archivo (sin recompilar la aplicación).',
} as const;
