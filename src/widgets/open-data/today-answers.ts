/**
 * What the place search answers today for each proposed name (issue 38 §3: the analyst reviews "the current
 * answer for that name"): the service's first suggestion and its distance from the proposed point. Asked of
 * the configured geocoder only — not the local gazetteer, whose answer is the proposal itself — at the pace
 * the service allows (a public Nominatim one a second).
 */
import type { PlaceProposal } from '../../core/gazetteer/learn.ts';
import { distanceMeters } from '../../core/geo.ts';
import { paceFor } from '../../core/ingest/geocode-batch.ts';
import { forwardGeocode } from '../../geocoding/client.ts';
import type { GeocoderSetup } from '../../state/geocoder-api.ts';

export type TodayAnswer =
  | { kind: 'looking' }
  | { kind: 'none' }
  | { kind: 'failed' }
  | { kind: 'found'; label: string; distanceM: number };

/** Names looked up at most: a file proposing thousands would otherwise hold a public service for an hour. */
export const MAX_TODAY_LOOKUPS = 200;

/** The query a name is looked up by: with its municipio, as an analyst would type it to tell homonyms apart. */
export const todayQuery = (p: Pick<PlaceProposal, 'name' | 'municipio'>): string =>
  p.municipio === '' ? p.name : `${p.name}, ${p.municipio}`;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Looks the first MAX_TODAY_LOOKUPS proposals up; each answer goes to `onAnswer` by its index. */
export async function lookUpToday(
  proposals: readonly PlaceProposal[],
  setup: GeocoderSetup,
  signal: AbortSignal,
  onAnswer: (index: number, answer: TodayAnswer) => void,
): Promise<void> {
  const { concurrency, minIntervalMs } = paceFor(setup.url, window.location.origin);
  const options = {
    baseUrl: new URL(setup.url, window.location.origin).href,
    key: setup.key,
    countryCodes: setup.countryCodes ?? ['ve'],
    language: setup.language ?? 'es',
  };
  let next = 0;
  // A function, not the property: the signal changes across the awaits below.
  const aborted = () => signal.aborted;
  const worker = async () => {
    while (!aborted() && next < Math.min(proposals.length, MAX_TODAY_LOOKUPS)) {
      const index = next++;
      const p = proposals[index];
      if (!p) break;
      const answer = await forwardGeocode(todayQuery(p), options, signal);
      if (aborted()) return;
      const first = answer.ok ? answer.value.find((s) => s.coordenadasUbicacion) : undefined;
      if (!answer.ok) onAnswer(index, { kind: 'failed' });
      else if (!first?.coordenadasUbicacion) onAnswer(index, { kind: 'none' });
      else {
        const [lat, lng] = first.coordenadasUbicacion;
        onAnswer(index, { kind: 'found', label: first.text, distanceM: distanceMeters(p, { lat, lng }) });
      }
      if (minIntervalMs > 0) await pause(minIntervalMs, signal);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
