/** The same server, another database. */
export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The maintenance connection used to create and drop test databases. */
export function adminUrl(url: string): string {
  return url;
}
