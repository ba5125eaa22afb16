/**
 * The manifest `key` of development and test builds: it pins the extension's id, so the site built
 * beside it knows whom to trust and tests can allow-list it (--allowlisted-extension-id). A public key
 * only; its private half is nowhere, and store builds go without it (EXTENSION_KEY=none), since the
 * Chrome Web Store assigns the id itself.
 */
export const DEVELOPMENT_EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA5+jpJmxXelOztHsYC0JH9lS4nMuhbQynXZMEnr14xNworYENa5+Yr65y+JeSlcmXyT9YR+nBUDfyj509qKpKHMYfsYmdAMDoWnC9xO9zMiRva4Am+vqHqDkJ5xjMPyRG4szPnujFo/R4rHd6CtpkvXpIT9JaioghvpmShNxo9Q/hQIdLtGTsT0frbv9yGVyYEAG5var1AUEFXyS6+/ApGUGsRHBWBs4XNIa3DWUDTYlHEbjT252MNDsHdVLXNFc42lL97ZArNgsdLLzDEXJGiP4pjGVVW2jAsc4uyqx68dfqoS/82ePGaj4kEjRT1jOSoR1PZ1dP/HDHxkbQRab2qQIDAQAB';
