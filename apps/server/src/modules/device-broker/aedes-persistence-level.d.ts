/** aedes-persistence-level ships no types: a factory of an aedes persistence over an abstract-level database. */
declare module 'aedes-persistence-level' {
  import type { Level } from 'level';

  export default function levelPersistence(db: Level): unknown;
}
