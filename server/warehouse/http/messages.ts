/** The warehouse service's own Spanish answers (parameter messages: ../params.ts). */
export const HTTP_MESSAGES = {
  busy: 'El almacén de datos está atendiendo demasiadas consultas; intente de nuevo en unos segundos.',
  starting: 'El almacén de datos se está preparando; intente de nuevo en unos segundos.',
  unavailable: 'El almacén de datos no está disponible.',
  timeout:
    'La consulta tardó más de {seconds} s y se detuvo: acerque el mapa o reduzca los filtros e intente de nuevo.',
  bodyTooLarge: 'El cuerpo de la petición supera {kb} kB.',
  bodyJson: 'El cuerpo debe ser JSON de la forma {"poligono": [[lat, lng], …]}.',
} as const;
