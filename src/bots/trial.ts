/** TEMPORARY (issue 12, fourth round): search parameters from the environment, for A/B trials only. */
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const num = (name: string, fallback: number): number => (env[name] === undefined ? fallback : Number(env[name]));
export const TRIAL = {
  inference: env.BI_INFER !== '0',
  relative: env.BI_REWARD === 'rel',
  noise: num('BI_NOISE', 0.1),
  exploration: num('BI_EXPL', 0.7),
  offPolicy: num('BI_EPS', 0.5),
};
