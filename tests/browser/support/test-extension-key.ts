/**
 * A test-only manifest key, so the built extension has a fixed id in tests and the browser can be told
 * (--allowlisted-extension-id) to let it capture a tab without a user gesture. Never a store key.
 */
export const TEST_EXTENSION_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA5+jpJmxXelOztHsYC0JH9lS4nMuhbQynXZMEnr14xNworYENa5+Yr65y+JeSlcmXyT9YR+nBUDfyj509qKpKHMYfsYmdAMDoWnC9xO9zMiRva4Am+vqHqDkJ5xjMPyRG4szPnujFo/R4rHd6CtpkvXpIT9JaioghvpmShNxo9Q/hQIdLtGTsT0frbv9yGVyYEAG5var1AUEFXyS6+/ApGUGsRHBWBs4XNIa3DWUDTYlHEbjT252MNDsHdVLXNFc42lL97ZArNgsdLLzDEXJGiP4pjGVVW2jAsc4uyqx68dfqoS/82ePGaj4kEjRT1jOSoR1PZ1dP/HDHxkbQRab2qQIDAQAB';
