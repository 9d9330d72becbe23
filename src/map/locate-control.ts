import { type IControl, type Map as MapLibreMap, Marker } from 'maplibre-gl';
import { ZOOM } from '../core/constants.ts';
import { locateTransition, type LocateEvent, type LocateState } from '../core/locate-state.ts';
import { MESSAGES } from '../core/messages.ts';

export interface LocateControlOptions {
  /** A fix arrived (every fix while locating). */
  onLocated: (position: { lat: number; lng: number }) => void;
  /** A failure to report (spec, error catalogue: alert with the message and stop, except timeouts while watching). */
  onError: (message: string) => void;
  geolocation?: Geolocation;
  /** [west, south, east, north] the location must fall in (the map's bounds); none: anywhere. */
  bounds?: readonly [number, number, number, number];
}

const ERROR_TEXT: Readonly<Record<number, string>> = {
  1: MESSAGES.locate.denied,
  2: MESSAGES.locate.unavailable,
  3: MESSAGES.locate.timeout,
};

/**
 * The current-location button (spec, screens, the spec's states): top-left, titled 'Ubicación actual', max zoom 15, a location dot
 * with a compass arrow when the device reports a heading, no accuracy circle and no popup. States follow
 * `locateTransition`.
 */
export class LocateControl implements IControl {
  private map: MapLibreMap | null = null;
  private readonly container = document.createElement('div');
  private readonly button = document.createElement('button');
  private state: LocateState = 'idle';
  private watchId: number | null = null;
  private last: { lat: number; lng: number; heading: number | null } | null = null;
  private marker: Marker | null = null;

  constructor(private readonly options: LocateControlOptions) {
    this.container.className = 'maplibregl-ctrl maplibregl-ctrl-group locate-control';
    this.button.type = 'button';
    this.button.title = MESSAGES.locate.title;
    this.button.setAttribute('aria-label', MESSAGES.locate.title);
    this.button.className = 'locate-control__button';
    this.button.addEventListener('click', this.onClick);
    this.container.appendChild(this.button);
    this.render();
  }

  onAdd(map: MapLibreMap): HTMLElement {
    this.map = map;
    map.on('movestart', this.onMoveStart);
    return this.container;
  }

  onRemove(): void {
    this.stop();
    this.map?.off('movestart', this.onMoveStart);
    this.container.remove();
    this.map = null;
  }

  getDefaultPosition() {
    return 'top-left' as const;
  }

  /** The state, for tests and the demo's probe. */
  get current(): LocateState {
    return this.state;
  }

  private readonly onClick = () => {
    const inView =
      this.last !== null &&
      this.map !== null &&
      this.map.getBounds().contains([this.last.lng, this.last.lat]);
    this.dispatch({ type: 'click', locationInView: inView });
  };

  private readonly onMoveStart = (event: { originalEvent?: unknown }) => {
    // Only the user's own pans and zooms stop following, not our camera moves.
    if (event.originalEvent) this.dispatch({ type: 'userMoved' });
  };

  private dispatch(event: LocateEvent, errorMessage = ''): void {
    const { state, effect } = locateTransition(this.state, event);
    this.state = state;
    if (effect === 'start') this.start();
    if (effect === 'stop') this.stop();
    if (effect === 'centre') this.centre();
    if (effect === 'report-error') {
      this.stop();
      console.error(MESSAGES.locate.errorLog, errorMessage);
      this.options.onError(errorMessage);
    }
    this.render();
  }

  private start(): void {
    const geolocation =
      this.options.geolocation ?? (typeof navigator !== 'undefined' ? navigator.geolocation : undefined);
    if (!geolocation) {
      this.state = 'idle';
      this.options.onError(MESSAGES.locate.unsupported);
      return;
    }
    this.watchId = geolocation.watchPosition(
      (position) => {
        const { latitude, longitude, heading } = position.coords;
        const b = this.options.bounds;
        if (b && (longitude < b[0] || latitude < b[1] || longitude > b[2] || latitude > b[3])) {
          // Spec, validation rules: a location outside the map's bounds is refused with the plugin's message, in Spanish.
          this.dispatch({ type: 'error', code: 0, watching: false }, MESSAGES.locate.outside);
          return;
        }
        this.last = { lat: latitude, lng: longitude, heading };
        this.drawDot();
        this.options.onLocated({ lat: this.last.lat, lng: this.last.lng });
        this.dispatch({ type: 'located' });
      },
      (error) => {
        this.dispatch(
          { type: 'error', code: error.code, watching: this.watchId !== null },
          ERROR_TEXT[error.code] ?? error.message,
        );
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  }

  private stop(): void {
    if (this.watchId !== null) (this.options.geolocation ?? navigator.geolocation).clearWatch(this.watchId);
    this.watchId = null;
    this.marker?.remove();
    this.marker = null;
  }

  private centre(): void {
    if (!this.map || !this.last) return;
    this.map.easeTo({
      center: [this.last.lng, this.last.lat],
      zoom: Math.min(ZOOM.location, this.map.getMaxZoom()),
    });
  }

  private drawDot(): void {
    if (!this.map || !this.last) return;
    if (!this.marker) {
      const dot = document.createElement('div');
      dot.className = 'locate-control__dot';
      dot.setAttribute('aria-hidden', 'true');
      this.marker = new Marker({ element: dot, rotationAlignment: 'map' });
    }
    const heading = this.last.heading;
    this.marker
      .getElement()
      .classList.toggle('locate-control__dot--heading', heading !== null && Number.isFinite(heading));
    this.marker
      .setRotation(heading ?? 0)
      .setLngLat([this.last.lng, this.last.lat])
      .addTo(this.map);
  }

  private render(): void {
    this.button.dataset.state = this.state;
    this.button.setAttribute('aria-pressed', String(this.state === 'active' || this.state === 'following'));
  }
}
