export const TEST_ADMIN = { email: 'admin@tna.test', password: 'admin-pass-123' } as const;
