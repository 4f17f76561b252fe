// Exits 0 when the PostgreSQL server for the API suite answers a query, 1 with the reason otherwise.
// Usage: node scripts/check-postgres.mjs [--create-database] [connection-string]   (default: $TEST_DATABASE_URL)
// --create-database creates the named database when the server is up but the database does not exist yet.
import pg from 'pg';

const args = process.argv.slice(2);
const createDatabase = args.includes('--create-database');
const url = args.find((arg) => !arg.startsWith('--')) ?? process.env.TEST_DATABASE_URL;
if (!url) {
  console.error('check-postgres: no connection string (pass one or set TEST_DATABASE_URL)');
  process.exit(1);
}

// Print the target without a password so a secret in the URL never reaches CI logs.
function printable(connectionString) {
  try {
    const parsed = new URL(connectionString);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable connection string)';
  }
}

async function query(connectionString, sql, params = []) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return await client.query(sql, params);
  } finally {
    await client.end().catch(() => {});
  }
}

const UNDEFINED_DATABASE = '3D000';

try {
  const result = await query(url, 'select current_setting($1) as version', ['server_version']);
  console.info(`check-postgres: ${printable(url)} is reachable (PostgreSQL ${result.rows[0].version})`);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  if (createDatabase && error?.code === UNDEFINED_DATABASE) {
    const target = new URL(url);
    const name = decodeURIComponent(target.pathname.slice(1));
    target.pathname = '/postgres';
    // Identifiers cannot be bound as parameters; double quotes with doubled quotes inside is the SQL escape.
    await query(target.toString(), `create database "${name.replaceAll('"', '""')}"`);
    console.info(`check-postgres: created database ${name} on ${printable(target.toString())}`);
  } else {
    console.error(`check-postgres: ${printable(url)} is not reachable: ${message}`);
    process.exit(1);
  }
}
