/** Query keys of the auth feature's server data (read through auth-js). */
export const authKeys = {
  all: ['auth'] as const,
  factors: (userId: string) => [...authKeys.all, 'factors', userId] as const,
};
