import { type AttributeFilter, EVENT_ATTRIBUTES, type EventProduct, type EventQuery } from '@cbm/contracts/events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http-error';
import { compileEventQuery } from './event-query-sql';

const base: EventQuery = {
  from: '2026-08-01T00:00:00Z',
  to: '2026-08-31T00:00:00Z',
  max: 20,
  orderBy: 'Timestamp',
  offset: 0,
  orderByDescending: true,
  filter: { attributeFilters: [] },
  operatingSiteIds: [4],
};

const names = EVENT_ATTRIBUTES.map((attribute) => attribute.name);
const hostile = fc.oneof(
  fc.string(),
  fc.constantFrom("'; DROP TABLE battery; --", "') OR 1=1 --", '$1', '%_\\', 'e.ts', '"SOC"', '\u2028'),
);
const product = fc.constantFrom<EventProduct>('battery', 'mdload');

/** A filter of the attribute's kind with arbitrary values. */
const filterFor = (name: string): fc.Arbitrary<AttributeFilter> => {
  const attribute = EVENT_ATTRIBUTES.find((entry) => entry.name === name);
  switch (attribute?.kind) {
    case 'number':
      return fc.record({
        name: fc.constant(name),
        min: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true })),
        max: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true })),
      });
    case 'date':
      return fc.record({
        name: fc.constant(name),
        min: fc.option(fc.constantFrom('2020-01-01', '2024-02-29')),
        max: fc.option(hostile),
      });
    case 'enum':
      return fc.record({
        name: fc.constant(name),
        values: fc.array(fc.oneof(hostile, fc.constantFrom(...(attribute.values ?? [])))),
      });
    default:
      return fc.record({ name: fc.constant(name), text: hostile });
  }
};

/** The same shape with fixed values: the SQL text must not depend on the values. */
function canonical(filter: AttributeFilter): AttributeFilter {
  const set = (value: unknown) => value !== undefined && value !== null;
  const attribute = EVENT_ATTRIBUTES.find((entry) => entry.name === filter.name);
  const date = attribute?.kind === 'date';
  return {
    name: filter.name,
    ...(set(filter.min) ? { min: date ? '2000-01-01' : 0 } : {}),
    ...(set(filter.max) ? { max: date ? '2000-01-01' : 0 } : {}),
    ...(filter.text !== undefined ? { text: filter.text ? 'x' : '' } : {}),
    ...(filter.values !== undefined
      ? {
          values: [...new Set(filter.values)].map(
            (_, i) => attribute?.values?.[i % (attribute.values?.length ?? 1)] ?? '',
          ),
        }
      : {}),
  };
}

const compileOr400 = (kind: EventProduct, input: EventQuery) => {
  try {
    return compileEventQuery(kind, input, 'en');
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return undefined;
  }
};

describe('compileEventQuery', () => {
  it('never writes a value into the SQL text: it is the same as with fixed values of the same shape', () => {
    fc.assert(
      fc.property(product, fc.array(fc.constantFrom(...names).chain(filterFor), { maxLength: 4 }), (kind, filters) => {
        const compiled = compileOr400(kind, { ...base, filter: { attributeFilters: filters } });
        if (!compiled) return;
        const reference = compileEventQuery(
          kind,
          { ...base, filter: { attributeFilters: filters.map(canonical) } },
          'en',
        );
        expect(compiled.sql).toBe(reference.sql);
        expect(compiled.params).toHaveLength(reference.params.length);
      }),
      { numRuns: 500 },
    );
  });

  it('lets only known names into SQL and answers anything else with a 400', () => {
    const anyFilter = fc.record(
      {
        name: fc.oneof(hostile, fc.constantFrom(...names)),
        min: fc.option(fc.oneof(fc.double(), hostile)),
        max: fc.option(fc.oneof(fc.double(), hostile)),
        text: hostile,
        values: fc.array(hostile),
      },
      { requiredKeys: ['name'] },
    );
    fc.assert(
      fc.property(
        product,
        fc.array(anyFilter, { maxLength: 3 }),
        fc.oneof(hostile, fc.constantFrom(...names)),
        fc.array(hostile, { maxLength: 3 }),
        (kind, filters, orderBy, columns) => {
          const compiled = compileOr400(kind, {
            ...base,
            orderBy,
            filter: { attributeFilters: filters as AttributeFilter[], columns },
          });
          if (!compiled) return;
          for (const filter of filters) expect(names).toContain(filter.name);
          expect(names).toContain(orderBy);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses an inverted time range', () => {
    expect(() => compileEventQuery('battery', { ...base, from: base.to, to: base.from }, 'en')).toThrowError(HttpError);
  });

  it('refuses a filter of the wrong kind, an unknown enumeration value and an inverted range', () => {
    const refuse = (filter: AttributeFilter) =>
      expect(() =>
        compileEventQuery('battery', { ...base, filter: { attributeFilters: [filter] } }, 'en'),
      ).toThrowError(HttpError);
    refuse({ name: 'SOC', text: '5' });
    refuse({ name: 'EventType', values: ['fatal'] });
    refuse({ name: 'SOC', min: 5, max: 1 });
    refuse({ name: 'ProductionDate', min: '2026-02-30' });
    refuse({ name: 'Timestamp', min: 1 });
  });
});
