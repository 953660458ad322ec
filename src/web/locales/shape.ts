/** A translation's type: the English object's keys, every leaf a string (en.ts, clock.ts, coach.ts). */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
