import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserProfile } from '../../../shared/profile/browser-profile';
import { isActivationLimit, type PolarLicenses } from './providers/polar';
import type { LicenseStore } from './store/license-store';

/** What an activation needs of a license: its key, Polar's id of it, the bindings' key and the tier's count. */
interface ActivatedLicense {
  readonly key: string;
  readonly result: { readonly id: string | null };
  /** `provider:providerLicenseId`, the bindings' key. */
  readonly licenseId: string;
  readonly limit: number;
}

/** Polar's activation id for the profile, or why there is none: every slot taken, or Polar failing. */
type PolarActivation = { readonly activationId: string | null } | { readonly refused: 'limit' | 'down' };

/**
 * An activation Polar refused while a slot is about to free up (see slotHeld) is tried again after SPARE_RETRY_MS,
 * doubling up to SPARE_RETRY_MAX_MS, for SPARE_WAIT_MS in all: under load a spare's release waits for the provider
 * call budget. Spares are rare: a slot is reserved in the bindings before Polar is asked (pro-license-service.ts).
 */
const SPARE_RETRY_MS = 150;
const SPARE_RETRY_MAX_MS = 1_000;
const SPARE_WAIT_MS = 8_000;

/**
 * A license's activations at Polar for browser profiles that race for its tier's slots (on this instance and on
 * others): a refusal for Polar's limit is told apart from a slot this profile holds already, or one about to free up.
 */
export class PolarActivations {
  constructor(
    private readonly polar: PolarLicenses,
    private readonly store: LicenseStore,
  ) {}

  /**
   * Activates the key at Polar for this profile; its activation id, or why Polar will not. A refusal for Polar's
   * limit is one only when the slots are other profiles' (`slotHeld`); while one of them may be about to free up,
   * the activation is tried again.
   */
  async activate(license: ActivatedLicense, profile: BrowserProfile): Promise<PolarActivation> {
    const deadline = Date.now() + SPARE_WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return { activationId: await this.polar.activate(license.key, profile) };
      } catch (error) {
        if (!isActivationLimit(error)) {
          console.error('Polar activation failed:', error);
          return { refused: 'down' };
        }
      }
      const held = await this.slotHeld(license, profile);
      if (held.by === 'this profile') return { activationId: held.activationId };
      const waitMs = Math.min(SPARE_RETRY_MS * 2 ** attempt, SPARE_RETRY_MAX_MS);
      if (!held.freeSoon || Date.now() + waitMs > deadline) return { refused: 'limit' };
      await sleep(waitMs);
    }
  }

  /**
   * Polar refused an activation for its limit: whether the slot is this profile's after all (an activation Polar
   * made for it on an earlier try, or one its binding holds), and if not, whether one may free up soon. That is only
   * while our bindings leave a slot free besides this profile's reservation, and Polar's slots show why it is taken:
   * a profile holding two, or an activation no binding holds (a released profile's, being given back). Unread (no
   * access token, Polar down), it is a refusal.
   */
  private async slotHeld(
    license: ActivatedLicense,
    profile: BrowserProfile,
  ): Promise<
    | { readonly by: 'this profile'; readonly activationId: string | null }
    | { readonly by: 'others'; readonly freeSoon: boolean }
  > {
    const activations = license.result.id ? await this.polar.activations(license.result.id) : null;
    const atPolar = activations?.find((a) => a.browserProfileId === profile.id);
    if (atPolar) return { by: 'this profile', activationId: atPolar.id };
    const bindings = await this.store.bindings(license.licenseId);
    // The caller reserved this profile's slot (a binding without an activation): only an activation makes it held.
    const bound = bindings.find((b) => b.id === profile.id);
    if (bound?.providerActivationId) return { by: 'this profile', activationId: bound.providerActivationId };
    if (bindings.filter((b) => b.id !== profile.id).length >= license.limit) return { by: 'others', freeSoon: false };
    if (!activations) return { by: 'others', freeSoon: false };
    const boundIds = new Set(bindings.map((b) => b.id));
    const holders = activations.flatMap((a) => (a.browserProfileId ? [a.browserProfileId] : []));
    const unbound = holders.some((id) => !boundIds.has(id));
    return { by: 'others', freeSoon: unbound || new Set(holders).size < holders.length };
  }

  /** Gives an activation the bindings did not keep back to Polar; a failure is only logged. */
  async giveBack(license: ActivatedLicense, activationId: string): Promise<void> {
    await this.polar.deactivate(license.key, activationId).catch((error: unknown) => {
      console.error('Polar deactivation failed:', error);
    });
  }
}
