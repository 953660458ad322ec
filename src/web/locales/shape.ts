/** The plural forms a language may need beyond English's `_one`/`_other` (Polish: few, many). */
type ExtraPlurals<K> = K extends `${infer Base}_other` ? `${Base}_${'zero' | 'two' | 'few' | 'many'}` : never;

/**
 * A translation's type: the English object's keys, every leaf a string (en.ts, clock.ts,
 * coach.ts), plus the plural forms its language has and English has not.
 */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> } & {
  [K in ExtraPlurals<keyof T>]?: string;
};
