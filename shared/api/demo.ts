/** The reference service's documented demo API key: always accepted, with access to every operation. */
export const DEMO_API_KEY = 'demo-market-desk-key';
