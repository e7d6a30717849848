/** The home page's texts (§1, §2.1). */
export const en = {
  greeting: 'Welcome, {{name}}!',
  intro: 'Follow your electric vehicles live, check their batteries and look back at their history.',
  showVehicles: 'Show My Vehicle',
} as const;
