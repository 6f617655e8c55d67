// The safer-play module's tables, one file per part (db/schema.ts gathers them from here).
export * from './sessions/tables.ts';
