import type { ControlPosition, IControl } from 'maplibre-gl';
import { MESSAGES } from '../../core/messages.ts';

/** The 'Reiniciar Mapa' button (spec, screens): a MapLibre control, so it sits with the zoom buttons. */
export class ResetControl implements IControl {
  private readonly container = document.createElement('div');

  constructor(
    onReset: () => void,
    private readonly position: ControlPosition,
  ) {
    this.container.className = 'maplibregl-ctrl maplibregl-ctrl-group agency-map__reset';
    const button = document.createElement('button');
    button.type = 'button';
    button.title = MESSAGES.map.reset;
    button.setAttribute('aria-label', MESSAGES.map.reset);
    button.textContent = '⟲';
    button.addEventListener('click', onReset);
    this.container.appendChild(button);
  }

  onAdd(): HTMLElement {
    return this.container;
  }

  onRemove(): void {
    this.container.remove();
  }

  getDefaultPosition(): ControlPosition {
    return this.position;
  }
}
