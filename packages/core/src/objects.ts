/**
 * `{ ...base, ...extra }` for code that runs per request. On Node 20 (V8 11.3) an object
 * literal that spreads one object and then has properties of its own (`{ ...base, key }`)
 * gets a new hidden class every time it runs: in a loop that built a million of them, each
 * allocated eight times the bytes of the same object written out, and most of it outlived
 * two young-generation collections and had to wait for a full one (docs/decisions.md
 * "No spread before other properties"). Object.assign onto a fresh object keeps one hidden
 * class, as does a spread after the literal's own properties (`{ key, ...base }`).
 */
export function objectWith<Base extends object, Extra extends object>(
  base: Base,
  extra: Extra,
): Spread<Base, Extra> {
  return Object.assign({}, base, extra) as Spread<Base, Extra>;
}

/** The keys `T` may leave out. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

/**
 * The type TypeScript gives `{ ...base, ...extra }`: extra's properties win, except that one
 * extra may leave out keeps base's type beside its own.
 */
export type Spread<Base, Extra> = Omit<Base, keyof Extra> &
  Omit<Extra, OptionalKeys<Extra>> & {
    [K in OptionalKeys<Extra> & keyof Base]: Base[K] | Exclude<Extra[K], undefined>;
  } & { [K in Exclude<OptionalKeys<Extra>, keyof Base>]?: Extra[K] };
