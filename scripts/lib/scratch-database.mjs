import pg from 'pg';

/**
 * A fresh database on the PostgreSQL server `serverUrl` for one bench run (`<prefix>_<time>`):
 * its name and URL, and `drop()` to remove it afterwards (connections to it ended).
 */
export async function scratchDatabase(serverUrl, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  // The URL's database swapped by text: a Unix-socket URL (postgres://user@/db?host=/var/run/postgresql) has no host for `new URL`.
  const url = serverUrl.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  return { name, url, drop: () => admin(`drop database if exists ${name} with (force)`) };
}
