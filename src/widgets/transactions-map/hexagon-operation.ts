import type { Operacion } from '../../core/types.ts';
import type { EngineFilter } from '../../../workers/contract.ts';

/**
 * The one operation the price hexagons show: the filter's, or sales when it keeps both (a median never mixes
 * them). The map asks the worker for it and the page names it in the legend, so both read this rule.
 */
export const hexagonOperation = (filter: EngineFilter): Operacion =>
  filter.operations !== 'todos' && filter.operations[0] === 'Alquiler' ? 'Alquiler' : 'Venta';
