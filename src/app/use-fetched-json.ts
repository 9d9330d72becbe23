import { useEffect, useState } from 'react';
import { MESSAGES } from '../core/messages.ts';

let fetchesInFlight = 0;

/** The pages' data requests not yet settled (the test API's quiet() waits for none). */
export function pageFetchesInFlight(): number {
  return fetchesInFlight;
}

/** A demo page's data: null while loading, the parsed JSON, or the Spanish load error. */
export interface Fetched<T> {
  data: T | null;
  error: string | null;
}

/**
 * GETs a JSON document for a page: aborted when the page unmounts or the URL changes, a failure logged and
 * shown as the catalogue's load error (never a crash). `parse` turns the body into the page's type.
 */
export function useFetchedJson<T>(url: string | null, parse: (body: unknown) => T): Fetched<T> {
  const [state, setState] = useState<Fetched<T> & { url: string | null }>({
    data: null,
    error: null,
    url: null,
  });
  useEffect(() => {
    if (url === null) return undefined;
    const abort = new AbortController();
    fetchesInFlight++;
    fetch(url, { signal: abort.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`Request failed with status code ${String(response.status)}`);
        return response.json() as Promise<unknown>;
      })
      .then((body) => {
        setState({ data: parse(body), error: null, url });
      })
      .catch((reason: unknown) => {
        if (abort.signal.aborted) return;
        console.error(reason);
        setState({ data: null, error: MESSAGES.errors.loadData, url });
      })
      .finally(() => {
        fetchesInFlight--;
      });
    return () => {
      abort.abort();
    };
    // `parse` is a pure reading of the body; a new function for the same URL is not a new request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
  // An answer for an older URL is not this URL's data.
  return state.url === url ? { data: state.data, error: state.error } : { data: null, error: null };
}

/** The body as a list of records ([] for anything else). */
export const asRecords = (body: unknown): unknown[] => (Array.isArray(body) ? body : []);
