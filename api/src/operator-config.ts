import type { LegalDetails } from '@pd/content';
import { z } from 'zod';

/**
 * The operator's legal details (issue 29 item 5, decision 104), parsed with the rest of the
 * configuration (config.ts spreads `operatorEnv` into its schema) and filled into the Terms and the
 * Privacy Policy where they are served. The defaults are the demo operator's; a deployment sets its
 * own (README, "Configuration").
 */
const text = (fallback: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(300).default(fallback));

export const operatorDefaults: LegalDetails = {
  operatorName: 'Bright Path Learning',
  operatorAddress: '100 Demo Street, Springfield, IL 62701, United States (demo address)',
  operatorContactEmail: 'privacy@brightpathlearning.org',
  governingLaw:
    'the laws of the State of Illinois, United States, and disputes are decided by the state or federal ' +
    'courts located in Sangamon County, Illinois (demo setting)',
  hostingLocation:
    'our servers and backups are hosted in the United States (demo setting: the operator names its ' +
    'hosting provider and region here)',
};

export const operatorEnv = {
  OPERATOR_NAME: text(operatorDefaults.operatorName),
  OPERATOR_ADDRESS: text(operatorDefaults.operatorAddress),
  OPERATOR_CONTACT_EMAIL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.email({ message: 'must be an e-mail address' }).default(operatorDefaults.operatorContactEmail),
  ),
  GOVERNING_LAW: text(operatorDefaults.governingLaw),
  HOSTING_LOCATION: text(operatorDefaults.hostingLocation),
};

type OperatorEnv = { [K in keyof typeof operatorEnv]: z.output<(typeof operatorEnv)[K]> };

export function operatorConfig(e: OperatorEnv): LegalDetails {
  return {
    operatorName: e.OPERATOR_NAME,
    operatorAddress: e.OPERATOR_ADDRESS,
    operatorContactEmail: e.OPERATOR_CONTACT_EMAIL,
    governingLaw: e.GOVERNING_LAW,
    hostingLocation: e.HOSTING_LOCATION,
  };
}
