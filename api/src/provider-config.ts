import { brand, type PdProvider } from '@pd/domain';
import { z } from 'zod';

/**
 * The PD provider printed on certificates and transcripts (issue 28 part 3): states that approve PD
 * providers ask for the provider's name and its number with each of them. config.ts spreads
 * `providerEnv` into its schema.
 *
 * - PD_PROVIDER_NAME: the provider's name (default: the company's name).
 * - PD_PROVIDER_IDS: `AUTHORITY:ID` pairs separated by commas, e.g. `TX-SBEC:902345,NY-CTLE:1234`
 *   (default: none).
 */
const pair = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}:[A-Za-z0-9][A-Za-z0-9 ._/-]{0,39}$/;

export const providerEnv = {
  PD_PROVIDER_NAME: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(120, 'must be at most 120 characters').default(brand.companyName),
  ),
  PD_PROVIDER_IDS: z.preprocess(
    (v) => (v === undefined ? '' : v),
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .refine((pairs) => pairs.every((p) => pair.test(p)), {
        message: 'must be AUTHORITY:ID pairs separated by commas, e.g. TX-SBEC:902345,NY-CTLE:1234',
      })
      .refine((pairs) => pairs.length <= 10, { message: 'must name at most 10 provider ids' }),
  ),
};

type ProviderEnv = { [K in keyof typeof providerEnv]: z.output<(typeof providerEnv)[K]> };

export function providerConfig(e: ProviderEnv): PdProvider {
  return {
    name: e.PD_PROVIDER_NAME,
    ids: e.PD_PROVIDER_IDS.map((p) => {
      const at = p.indexOf(':');
      return { authority: p.slice(0, at).trim(), id: p.slice(at + 1).trim() };
    }),
  };
}
