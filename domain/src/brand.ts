/** Product identity, shown in the header, footer, e-mails and certificates. One place to change it. */
export const brand = {
  productName: 'AI Classroom Academy',
  shortName: 'AI Academy',
  companyName: 'Bright Path Learning',
  companyUrl: 'https://www.brightpathlearning.org',
  supportEmail: 'support@brightpathlearning.org',
  /** Inquiries about the in-person workshops (spec section 1). */
  workshopsEmail: 'workshops@brightpathlearning.org',
  copyrightYear: 2025,
  paymentProviderName: 'Stripe',
} as const;

export const copyrightLine = `© ${brand.copyrightYear} ${brand.companyName}. All rights reserved.`;
