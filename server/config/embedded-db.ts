/** The embedded PostgreSQL's database and credentials (`npm start` without DATABASE_URL). */
export const EMBEDDED_DB_NAME = "playloop";
export const EMBEDDED_DB_USER = "postgres";
// Only ever listens on 127.0.0.1 inside the checkout's data folder; not a production credential.
export const EMBEDDED_DB_PASSWORD = "playloop-local";
