/**
 * The local gazetteer kept in this browser (issue 38 §3): places the analyst learned from a file, searched
 * before the geocoder's own answers. Stored in localStorage under a versioned key, read back through the
 * core's checks (local-places.ts): storage off, full, corrupt or from another version never breaks a search —
 * the list is then empty (or holds what read) and `notice` says so in Spanish.
 */
import { SEARCH } from '../core/constants.ts';
import { mergePlaces, readGazetteer, storedText, type LocalPlace } from '../core/gazetteer/local-places.ts';
import { matchLocalPlaces } from '../core/gazetteer/match.ts';
import { fill, MESSAGES } from '../core/messages.ts';
import type { SearchSuggestion } from './conversions.ts';

const T = MESSAGES.learnPlaces;
/** The version in the key too: a future shape gets its own key and this one is left for its readers. */
export const LOCAL_GAZETTEER_KEY = 'mapas:gazetteer-local:v1';

/** The part of Storage used (injected in tests). */
export type PlaceStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface LocalGazetteerView {
  places: readonly LocalPlace[];
  /** Spanish, when something stored was ignored; null otherwise. */
  notice: string | null;
  /** Changes whenever the stored list does: lookups keyed by it are not answered from a stale cache. */
  revision: number;
}

const EMPTY: LocalGazetteerView = { places: [], notice: null, revision: 0 };

function browserStorage(): PlaceStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage disabled by the browser's settings throws on access
  }
}

/**
 * One origin's local gazetteer. The stored text is read on every look (another tab may have written it) and
 * parsed only when it changed since the last look, so a keystroke's search costs one getItem.
 */
export class LocalGazetteer {
  private text: string | null = null;
  private view: LocalGazetteerView = EMPTY;
  private readonly listeners = new Set<() => void>();

  /**
   * `events`: where other tabs' writes are heard (the window's 'storage' events; none outside a browser).
   */
  constructor(
    private readonly storage: () => PlaceStorage | null = browserStorage,
    private readonly events: EventTarget | null = typeof window === 'undefined' ? null : window,
  ) {}

  current(): LocalGazetteerView {
    let text: string | null;
    try {
      text = this.storage()?.getItem(LOCAL_GAZETTEER_KEY) ?? null;
    } catch {
      text = null;
    }
    if (text === this.text) return this.view;
    this.text = text;
    const read = readGazetteer(text);
    const notice =
      read.problem === null
        ? null
        : read.problem === 'entradasInvalidas'
          ? fill(T.storageDropped, { n: read.dropped })
          : T.storageIgnored;
    this.view = { places: read.places, notice, revision: this.view.revision + 1 };
    return this.view;
  }

  /** Adds places (replacing the same name in the same municipio); answers the new total, or an error. */
  add(places: readonly LocalPlace[]): { ok: true; total: number } | { ok: false; error: string } {
    const merged = mergePlaces(this.current().places, places);
    try {
      const storage = this.storage();
      if (!storage) return { ok: false, error: T.storageFull };
      storage.setItem(LOCAL_GAZETTEER_KEY, storedText(merged));
    } catch {
      return { ok: false, error: T.storageFull };
    }
    this.current();
    for (const listener of this.listeners) listener();
    return { ok: true, total: merged.length };
  }

  /**
   * Hears the stored list's changes: this page's additions, and another tab's writes (or a cleared storage)
   * as the browser reports them ('storage' events fire in the other tabs of the origin only).
   */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    const other = (event: Event) => {
      const key = 'key' in event ? event.key : undefined;
      if (key === LOCAL_GAZETTEER_KEY || key === null) listener();
    };
    this.events?.addEventListener('storage', other);
    return () => {
      this.listeners.delete(listener);
      this.events?.removeEventListener('storage', other);
    };
  }

  /** The places stored now (another tab's additions included). */
  places(): readonly LocalPlace[] {
    return this.current().places;
  }

  /** Suggestions for a search text, the place search's way (long label, a box around the point). */
  suggestions(text: string, limit: number = SEARCH.suggestions): SearchSuggestion[] {
    return matchLocalPlaces(text, this.current().places, limit).map(localSuggestion);
  }
}

/** Metres per degree of latitude, near enough for a box the map fits to. */
const M_PER_DEGREE = 111_320;
/** Half the side of a local place's box: at least a small urbanización's, wider when its rows spread. */
const MIN_HALF_BOX_M = 300;

/**
 * A local place as the search box's suggestion: its label ends like the geocoder's long labels
 * ('…, VEN, Venezuela') followed by «(local)», so the analyst tells the organisation's own entry apart.
 */
export function localSuggestion(place: LocalPlace): SearchSuggestion {
  const parts = [place.name, place.municipio, place.estado].filter((part) => part !== '');
  const half = Math.max(MIN_HALF_BOX_M, place.spreadM) / M_PER_DEGREE;
  const halfLng = half / Math.max(0.1, Math.cos((place.lat * Math.PI) / 180));
  return {
    text: `${[...parts, 'VEN', 'Venezuela'].join(', ')} ${T.localMark}`,
    coordenadasUbicacion: [place.lat, place.lng],
    bbox: [place.lng - halfLng, place.lat - half, place.lng + halfLng, place.lat + half],
    tipo: 'residential',
  };
}

/** This page's local gazetteer (its storage is the browser's). */
export const localGazetteer = new LocalGazetteer();
