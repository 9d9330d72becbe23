/**
 * Word lists that make generated records read like Venezuelan ones. Names only — positions always come from
 * the gazetteer. City-specific urbanizaciones are in cities.ts.
 */

export const PROPERTY_TYPES = [
  'Apartamento',
  'Casa',
  'Townhouse',
  'Quinta',
  'Local',
  'Oficina',
  'Terreno',
  'Galpón',
] as const;
/** One of PROPERTY_TYPES. */
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Share of each type among listings (apartments dominate the urban market). */
export const TYPE_WEIGHTS: Readonly<Record<PropertyType, number>> = {
  Apartamento: 38,
  Casa: 22,
  Townhouse: 8,
  Quinta: 5,
  Local: 9,
  Oficina: 7,
  Terreno: 7,
  Galpón: 4,
};

/** Urbanizaciones of towns without a list of their own: names common all over the country. */
export const GENERIC_URBANIZACIONES = [
  'El Centro',
  'Las Acacias',
  'La Esperanza',
  'Los Samanes',
  'San José',
  'Santa Rosa',
  'El Recreo',
  'La Floresta',
  'Los Pinos',
  'Las Palmas',
  'Los Jardines',
  'La Campiña',
  'Villa Colonial',
  'El Bosque',
  'Los Apamates',
  'Las Mercedes',
  'Los Próceres',
  'La Granja',
  'El Portal',
  'Monte Claro',
  'Los Cerezos',
  'Santa Inés',
  'El Rosario',
  'Ciudad Jardín',
  'Villa Bolivariana',
  'Las Américas',
];

/** How an urbanización is announced; 'Urb.' is by far the most common. */
export const URBANIZACION_PREFIXES = ['Urb.', 'Urb.', 'Urb.', 'Res.', 'Conj. Res.', 'Sector'] as const;

/** Names of avenues and streets found in almost every Venezuelan city. */
export const STREET_NAMES = [
  'Bolívar',
  'Miranda',
  'Sucre',
  'Páez',
  'Urdaneta',
  'Andrés Bello',
  'Francisco de Miranda',
  'Libertador',
  'Las Américas',
  'Universidad',
  'Rómulo Gallegos',
  'José Antonio Páez',
  'Los Próceres',
  'Intercomunal',
  'Lara',
  'Carabobo',
  'Ribas',
  'Rafael Urdaneta',
  'Principal',
  'Circunvalación',
];

/** Names of residential buildings and office towers (used after 'Edif.', 'Res.', 'Torre'). */
export const BUILDING_NAMES = [
  'Ávila',
  'Caribe',
  'El Samán',
  'Orinoco',
  'Araguaney',
  'Bolívar',
  'Los Andes',
  'Roraima',
  'Canaima',
  'Miranda',
  'Morichal',
  'Guayacán',
  'Galipán',
  'Mucuchíes',
  'Apamate',
  'Cumbre Real',
  'Las Gaviotas',
  'Don Pedro',
];

/** Venezuelan quintas (detached houses) carry a name on the gate. */
export const QUINTA_NAMES = [
  'Mi Refugio',
  'La Coromoto',
  'Villa Rosa',
  'Los Abuelos',
  'Mis Tres Amores',
  'Doña Carmen',
  'Villa María',
  'Mi Sueño',
  'El Samán',
  'Bella Vista',
  'La Chinita',
  'Don Luis',
];

/** Shopping-centre names (after 'C.C.'). */
export const COMMERCIAL_CENTRES = [
  'Plaza',
  'Galerías',
  'Los Próceres',
  'El Parque',
  'Las Trinitarias',
  'Metrópolis',
  'Del Este',
  'La Cascada',
];

/** Industrial-zone names (after 'Zona Industrial'). */
export const INDUSTRIAL_ZONES = ['Norte', 'Sur', 'Este', 'Oeste', 'Municipal', 'II', 'Los Pinos'];

/**
 * Colour category of a listing: the analysts' valuation band, and the agency map's colour filter values.
 * verde = below the zone's reference price, amarillo = at it, naranja = above, rojo = far above,
 * azul = no reference (new zone). Sorted, as the table dictionary keeps them.
 */
export const COLOR_CATEGORIES = ['amarillo', 'azul', 'naranja', 'rojo', 'verde'] as const;
/** Relative frequency of each colour category, in COLOR_CATEGORIES order. */
export const COLOR_WEIGHTS = [20, 10, 15, 15, 40] as const;

/** `zona` values as they arrive: mixed case and accents on purpose, plus many empty ones. */
export const ZONE_VALUES = [
  '',
  '',
  '',
  '',
  'Oro',
  'oro',
  'ORO',
  'Alerta',
  'ALERTA',
  'alerta',
  'Riesgo',
  'riesgo',
  'RIESGO',
  'Pérdida',
  'pérdida',
  'perdida',
  'PERDIDA',
];

/** Second half of agency names: Venezuelan landmarks and regions. */
export const AGENCY_WORDS = [
  'El Ávila',
  'Los Andes',
  'Caribe',
  'Orinoco',
  'Roraima',
  'Araguaney',
  'Los Llanos',
  'Margarita',
  'Canaima',
  'Catatumbo',
  'Guayana',
  'Bolívar',
  'Costa Azul',
  'Sabana',
  'El Samán',
  'Morichal',
  'Tepuy',
  'Los Médanos',
];
/** First half of agency names. */
export const AGENCY_KINDS = [
  'Inmobiliaria',
  'Inmobiliaria',
  'Bienes Raíces',
  'Inversiones Inmobiliarias',
  'Grupo Inmobiliario',
];

/** Landline area codes by estado (the main city's code where an estado has several). */
export const AREA_CODES: Readonly<Record<string, string>> = {
  'Distrito Capital': '0212',
  Miranda: '0212',
  'La Guaira': '0212',
  Zulia: '0261',
  Carabobo: '0241',
  Aragua: '0243',
  Lara: '0251',
  Bolívar: '0286',
  Anzoátegui: '0281',
  Monagas: '0291',
  Mérida: '0274',
  Táchira: '0276',
  Falcón: '0268',
  Sucre: '0293',
  'Nueva Esparta': '0295',
  Barinas: '0273',
  Portuguesa: '0257',
  Trujillo: '0272',
  Yaracuy: '0254',
  Guárico: '0246',
  Cojedes: '0258',
  Apure: '0240',
  Amazonas: '0248',
  'Delta Amacuro': '0287',
};
/** Mobile operator prefixes (Movilnet 0416/0426, Movistar 0414/0424, Digitel 0412). */
export const MOBILE_PREFIXES = ['0412', '0414', '0416', '0424', '0426'];
