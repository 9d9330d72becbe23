/**
 * The spec's strings, written here literally as the spec writes them (not read back from MESSAGES), so a
 * change of wording in the product fails a test that quotes the spec. Browser checks of the same strings on
 * screen: tests/e2e/spec-literals.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages.ts';

describe("the spec's literal strings", () => {
  it.each([
    [MESSAGES.map.reset, 'Reiniciar Mapa'],
    [MESSAGES.map.searchHere, 'Buscar inmuebles en esta zona'],
    [MESSAGES.map.twoFingers, 'Usa dos dedos para mover y hacer zoom en el mapa.'],
    [MESSAGES.drawing.polygon, 'DIBUJAR AREA'],
    [MESSAGES.drawing.circle, 'SELECCIONAR AREA'],
    [MESSAGES.drawing.start, 'PULSA PARA INICIAR A DIBUJAR'],
    [MESSAGES.drawing.addPoints, 'AGREGAR MAS PUNTOS'],
    [MESSAGES.drawing.closeArea, 'HAGA CLIC EN EL PRIMER PUNTO PARA CERRAR EL ÁREA'],
    [MESSAGES.drawing.removeCircle, 'X'],
    [MESSAGES.card.close, 'Cerrar'],
    [MESSAGES.card.code, 'Código'],
    [MESSAGES.card.rooms, 'hab'],
    [MESSAGES.card.baths, 'baños'],
    [MESSAGES.card.parking, 'est'],
    [MESSAGES.search.placeholder, 'Ciudad'],
    [MESSAGES.search.pickerPlaceholder, 'Ubicación - Ingresar urbanización o ciudad.'],
    [MESSAGES.picker.searchPlaceholder, 'Ubicación - Ingresar urbanización o ciudad.'],
    [MESSAGES.search.noResults, 'Datos no encontrados'],
    [MESSAGES.search.clear, 'Borrar'],
    [MESSAGES.locate.title, 'Ubicación actual'],
    [MESSAGES.operation.sale, 'Venta'],
    [MESSAGES.operation.rental, 'Alquiler'],
  ])("%j is the spec's %j", (shown, spec) => {
    expect(shown).toBe(spec);
  });

  it.each([
    [MESSAGES.errors.forwardGeocoding, 'Error en forward geocoding:'],
    [MESSAGES.errors.reverseGeocoding, 'Error en reverse geocoding:'],
    [MESSAGES.locate.errorLog, 'Location error:'],
    [MESSAGES.errors.paneWithoutMap, 'No se puede mostrar el pane: state.map es null o undefined'],
    [MESSAGES.map.noMaxZoom, 'Map has no maxZoom specified'],
    [MESSAGES.errors.httpStatus, 'Request failed with status code {n}'],
    [MESSAGES.errors.network, 'Network Error'],
    [MESSAGES.errors.aborted, 'Request aborted'],
    [MESSAGES.errors.timeout, 'timeout of {n}ms exceeded'],
  ])("error catalogue: %j is the spec's %j", (shown, spec) => {
    expect(shown).toBe(spec);
  });
});
