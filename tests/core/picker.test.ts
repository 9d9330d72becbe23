import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages.ts';
import {
  emptyPickerState,
  formatCoordinates,
  labelAnswered,
  locationFieldText,
  needsLookup,
  pointPlaced,
  popupText,
} from '../../src/core/picker.ts';

describe('pointPlaced', () => {
  it('stores the point at once and waits for the geocoder when there is no description', () => {
    const s = pointPlaced(emptyPickerState, 10.49, -66.88);
    expect(s.seq).toBe(1);
    expect(s.point).toEqual({ latitud: 10.49, longitud: -66.88, label: '', status: 'looking' });
    expect(needsLookup(s)).toBe(true);
  });

  it('labels the point with a given description (trimmed) and needs no lookup', () => {
    const s = pointPlaced(emptyPickerState, 10.49, -66.88, '  Oficina en Chacao ');
    expect(s.point).toMatchObject({ label: 'Oficina en Chacao', status: 'given' });
    expect(needsLookup(s)).toBe(false);
  });

  it('treats a blank description as none', () => {
    expect(pointPlaced(emptyPickerState, 1, 2, '   ').point?.status).toBe('looking');
  });

  it('starts a new generation for every placement', () => {
    const a = pointPlaced(emptyPickerState, 1, 2);
    const b = pointPlaced(a, 3, 4);
    expect(b.seq).toBe(a.seq + 1);
    expect(b.point).toMatchObject({ latitud: 3, longitud: 4 });
  });
});

describe('labelAnswered', () => {
  const looking = pointPlaced(emptyPickerState, 10.2, -64.68);

  it('labels the point with the geocoder label', () => {
    const s = labelAnswered(looking, looking.seq, {
      ok: true,
      label: 'Barcelona, Anzoátegui, VEN, Venezuela',
    });
    expect(s.point).toEqual({
      latitud: 10.2,
      longitud: -64.68,
      label: 'Barcelona, Anzoátegui, VEN, Venezuela',
      status: 'found',
    });
  });

  it('keeps the coordinates and says the address was not found when the lookup fails', () => {
    const s = labelAnswered(looking, looking.seq, { ok: false });
    expect(s.point).toEqual({
      latitud: 10.2,
      longitud: -64.68,
      label: MESSAGES.picker.addressNotFound,
      status: 'not-found',
    });
  });

  it('says not found for an empty or blank answer', () => {
    expect(labelAnswered(looking, looking.seq, { ok: true, label: null }).point?.status).toBe('not-found');
    expect(labelAnswered(looking, looking.seq, { ok: true, label: '  ' }).point?.label).toBe(
      MESSAGES.picker.addressNotFound,
    );
  });

  it('drops an answer for an older generation (a newer click won): same state object', () => {
    const newer = pointPlaced(looking, 8.6, -70.2);
    expect(labelAnswered(newer, looking.seq, { ok: true, label: 'Viejo' })).toBe(newer);
    expect(labelAnswered(newer, looking.seq, { ok: false })).toBe(newer);
  });

  it('never overwrites a given description or an answer already received', () => {
    const given = pointPlaced(emptyPickerState, 1, 2, 'Casa');
    expect(labelAnswered(given, given.seq, { ok: true, label: 'Otra' })).toBe(given);
    const found = labelAnswered(looking, looking.seq, { ok: true, label: 'Primera' });
    expect(labelAnswered(found, looking.seq, { ok: false })).toBe(found);
  });

  it('ignores answers when nothing is placed', () => {
    expect(labelAnswered(emptyPickerState, 0, { ok: true, label: 'x' })).toBe(emptyPickerState);
  });
});

describe('texts', () => {
  it('writes coordinates with a decimal comma and 6 decimals', () => {
    expect(formatCoordinates(10.4961, -66.8537)).toBe('10,496100, -66,853700');
  });

  it('shows coordinates and the label, or "looking up" while the geocoder works', () => {
    const looking = pointPlaced(emptyPickerState, 10.5, -66.9);
    expect(locationFieldText(null)).toBe('');
    expect(locationFieldText(looking.point)).toBe(`10,500000, -66,900000 — ${MESSAGES.picker.searching}`);
    const found = labelAnswered(looking, looking.seq, { ok: true, label: 'Caracas, VEN, Venezuela' });
    expect(locationFieldText(found.point)).toBe('10,500000, -66,900000 — Caracas, VEN, Venezuela');
    if (!looking.point || !found.point) throw new Error('no point');
    expect(popupText(looking.point)).toBe(MESSAGES.picker.searching);
    expect(popupText(found.point)).toBe('Caracas, VEN, Venezuela');
  });

  it('keeps markup in labels as plain text (rendered with textContent by the widget)', () => {
    const s = pointPlaced(emptyPickerState, 1, 2, '<img src=x onerror=alert(1)>');
    if (!s.point) throw new Error('no point');
    expect(popupText(s.point)).toBe('<img src=x onerror=alert(1)>');
  });
});
