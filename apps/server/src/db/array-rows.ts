import { booleanArray, numberArray, textArray } from './array-literal';

/** A column's SQL type; `timestamptz` travels as epoch milliseconds in a float8 array. */
type ArrayType = 'text' | 'date' | 'int4' | 'int8' | 'float8' | 'bool' | 'timestamptz';

/** One column of a batch of rows, sent as one typed array parameter. */
export interface ArrayColumn<Row> {
  name: string;
  type: ArrayType;
  value(row: Row): string | number | boolean | null;
}

const literal = (type: ArrayType, values: (string | number | boolean | null)[]) => {
  if (type === 'bool') return booleanArray(values as (boolean | null)[]);
  if (type === 'text' || type === 'date') return textArray(values as (string | null)[]);
  return numberArray(values as (number | null)[]);
};

const read = ({ name, type }: ArrayColumn<unknown>) =>
  type === 'timestamptz' ? `to_timestamp(${name} / 1000) AS ${name}` : name;

/**
 * Rows as one array per column, read back as the relation `from`: PostgreSQL reads arrays of plain values
 * much faster than the same rows as JSON objects, whose keys and numbers it would parse again for every
 * row (decisions 020 and 064). `count` parameters, $1…; a statement's own parameters follow them.
 */
export function arrayRows<Row>(alias: string, columns: readonly ArrayColumn<Row>[]) {
  const arrays = columns.map((column, n) => `$${n + 1}::${column.type === 'timestamptz' ? 'float8' : column.type}[]`);
  const names = columns.map((column) => column.name).join(', ');
  return {
    count: columns.length,
    names,
    from: `(SELECT ${columns.map(read).join(', ')} FROM unnest(${arrays.join(', ')}) AS u(${names})) AS ${alias}`,
    params: (rows: readonly Row[]) => columns.map((column) => literal(column.type, rows.map(column.value))),
  };
}
