/**
 * Word lists that make generated listings read like Venezuelan ones. Names only — positions always come
 * from the gazetteer. Urbanización names for the big cities are well-known sectors of each city.
 */

export const PROPERTY_TYPES = ['Apartamento', 'Casa', 'Townhouse', 'Quinta', 'Local', 'Oficina', 'Terreno', 'Galpón'] as const;
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

export const URBANIZACIONES_BY_CITY: Readonly<Record<string, readonly string[]>> = {
  Caracas: [
    'Los Palos Grandes', 'Altamira', 'La Castellana', 'El Paraíso', 'La Florida', 'Chacao', 'Las Mercedes',
    'El Cafetal', 'Prados del Este', 'La Trinidad', 'Santa Mónica', 'Los Chaguaramos', 'San Bernardino',
    'La Candelaria', 'Bello Monte', 'El Hatillo', 'La Boyera', 'Sebucán', 'Los Ruices', 'Montalbán',
    'Catia', 'Santa Fe', 'Colinas de Bello Monte', 'Terrazas del Ávila', 'Macaracuay',
  ],
  Maracaibo: [
    'Tierra Negra', 'La Lago', 'Bella Vista', 'Delicias', 'Los Olivos', 'El Milagro', 'Valle Frío',
    'Santa Rita', 'La Limpia', 'Las Mercedes', 'Canta Claro', 'Indio Mara', 'Los Haticos',
  ],
  Valencia: [
    'El Viñedo', 'Prebo', 'La Viña', 'Trigal Norte', 'Trigal Sur', 'Los Mangos', 'Guaparo', 'Naguanagua',
    'San Diego', 'Camoruco', 'El Parral', 'Lomas del Este', 'Valles de Camoruco',
  ],
  Maracay: ['El Limón', 'Calicanto', 'Base Aragua', 'La Soledad', 'Las Delicias', 'San Jacinto', 'El Castaño'],
  Barquisimeto: ['Nueva Segovia', 'Santa Elena', 'El Parque', 'Del Este', 'Los Cardones', 'Patarata', 'La Rosaleda'],
  'Ciudad Guayana': ['Alta Vista', 'Puerto Ordaz', 'Villa Asia', 'Los Olivos', 'Unare', 'San Félix', 'Castillito'],
  Barcelona: ['Nueva Barcelona', 'Las Garzas', 'El Viñedo', 'Boyacá', 'Colinas del Neverí'],
  'Puerto La Cruz': ['Lechería', 'El Morro', 'Pozuelos', 'Guaraguao', 'Playa Mansa'],
  Maturín: ['Tipuro', 'Los Guaritos', 'La Floresta', 'Juanico', 'Las Cocuizas'],
  Mérida: ['Belensate', 'La Hechicera', 'Santa María', 'Los Curos', 'El Carrizal', 'Las Tapias'],
};

export const GENERIC_URBANIZACIONES = [
  'El Centro', 'Las Acacias', 'La Esperanza', 'Los Samanes', 'San José', 'Santa Rosa', 'El Recreo',
  'La Floresta', 'Los Pinos', 'Las Palmas', 'Los Jardines', 'La Campiña', 'Villa Colonial', 'El Bosque',
  'Los Apamates', 'Las Mercedes', 'Los Próceres', 'La Granja', 'El Portal', 'Monte Claro', 'Brisas del Lago',
  'Los Cerezos', 'Santa Inés', 'El Rosario', 'Altos de Guataparo', 'Ciudad Jardín',
];

export const URBANIZACION_PREFIXES = ['Urb.', 'Urb.', 'Res.', 'Conj. Res.', 'Sector'] as const;

export const STREET_NAMES = [
  'Bolívar', 'Miranda', 'Sucre', 'Páez', 'Urdaneta', 'Andrés Bello', 'Francisco de Miranda', 'Libertador',
  'Principal', 'Las Américas', 'Universidad', 'Rómulo Gallegos', 'José Antonio Páez', 'Los Próceres',
  'Intercomunal', 'Lara', 'Carabobo', 'Ribas', 'Anzoátegui', 'Rafael Urdaneta',
];

export const BUILDING_NAMES = [
  'Residencias Ávila', 'Torre Caribe', 'Residencias El Samán', 'Edificio Orinoco', 'Residencias Araguaney',
  'Torre Bolívar', 'Residencias Los Andes', 'Edificio Roraima', 'Residencias Canaima', 'Torre Miranda',
  'Residencias Morichal', 'Edificio Guayacán', 'Centro Empresarial Galipán', 'Residencias Mucuchíes',
];

export const COMMERCIAL_CENTRES = ['C.C. Sambil', 'C.C. Lido', 'C.C. Metrópolis', 'C.C. Las Trinitarias', 'C.C. Plaza', 'C.C. Galerías'];

/** Colour category of a listing (analysts' valuation band): the filter's dictionary. */
export const COLOR_CATEGORIES = ['amarillo', 'azul', 'naranja', 'rojo', 'verde'] as const;
export const COLOR_WEIGHTS = [20, 10, 15, 15, 40] as const;

/** `zona` values as they arrive: mixed case and accents on purpose, plus many empty ones. */
export const ZONE_VALUES = ['', '', '', '', 'Oro', 'oro', 'ORO', 'Alerta', 'ALERTA', 'Riesgo', 'riesgo', 'Pérdida', 'pérdida', 'perdida', 'PERDIDA'];

export const AGENCY_WORDS = [
  'El Ávila', 'Los Andes', 'Caribe', 'Orinoco', 'Roraima', 'Araguaney', 'Los Llanos', 'Margarita', 'Canaima',
  'Catatumbo', 'Guayana', 'Cumaná', 'Bolívar', 'Mérida Real', 'Costa Azul', 'Sabana', 'El Samán', 'Morichal',
];
export const AGENCY_KINDS = ['Inmobiliaria', 'Bienes Raíces', 'Inversiones Inmobiliarias', 'Inmuebles', 'Grupo Inmobiliario'];

/** Landline area codes by estado (CANTV numbering). */
export const AREA_CODES: Readonly<Record<string, string>> = {
  'Distrito Capital': '0212', Miranda: '0212', 'La Guaira': '0212', Zulia: '0261', Carabobo: '0241',
  Aragua: '0243', Lara: '0251', Bolívar: '0286', Anzoátegui: '0281', Monagas: '0291', Mérida: '0274',
  Táchira: '0276', Falcón: '0268', Sucre: '0293', 'Nueva Esparta': '0295', Barinas: '0273',
  Portuguesa: '0257', Trujillo: '0272', Yaracuy: '0254', Guárico: '0246', Cojedes: '0258', Apure: '0240',
  Amazonas: '0248', 'Delta Amacuro': '0287',
};
export const MOBILE_PREFIXES = ['0412', '0414', '0416', '0424', '0426'];
