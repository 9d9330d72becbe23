import { describe, expect, it } from 'vitest';
import { initialViewFromQuery } from '../../src/app/initial-view.ts';

describe('initialViewFromQuery', () => {
  it('reads a complete, valid view', () => {
    expect(initialViewFromQuery('?lat=10.49&lng=-66.88&zoom=12')).toEqual({
      center: [-66.88, 10.49],
      zoom: 12,
    });
  });

  it.each([
    '',
    '?lat=10&lng=-66',
    '?lat=abc&lng=-66&zoom=5',
    '?lat=95&lng=-66&zoom=5',
    '?lat=10&lng=-66&zoom=40',
    '?lat=10&lng=-66&zoom=',
  ])('ignores %j', (search) => {
    expect(initialViewFromQuery(search)).toBeNull();
  });
});
