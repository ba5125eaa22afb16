declare namespace App {
  interface Locals {
    /** Set by the site's server (site/src/server/http/site-server.ts) when it asks for the error page with a status. */
    errorStatus?: number;
  }
}
